import { listPendingChanges } from "@/lib/admin-changes/service";
import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";

export const dynamic = "force-dynamic";

// GET /api/admin/pending-changes: changes waiting for a second admin (oldest first) and the latest decided (admins)
export const GET = route({ name: "GET /api/admin/pending-changes", permission: "pendingChanges" }, async () => jsonOk(await listPendingChanges(await getDb())));
