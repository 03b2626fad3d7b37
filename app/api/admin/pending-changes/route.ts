import { listPendingChanges } from "@/lib/admin-changes/service";
import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { pendingChangesAnswer } from "@/lib/admin-changes/answers";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/admin/pending-changes",
    summary: "Changes waiting for a second admin (oldest first) and the latest decided (admins)",
    answers: { 200: pendingChangesAnswer },
    permission: "pendingChanges",
  },
  async () => jsonOk(await listPendingChanges(await getDb())));
