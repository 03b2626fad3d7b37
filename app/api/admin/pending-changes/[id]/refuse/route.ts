import { pendingChangeErrorResponse } from "@/lib/admin-changes/http";
import { pendingChangeParamsSchema } from "@/lib/admin-changes/params";
import { refusePendingChange } from "@/lib/admin-changes/service";
import { getDb } from "@/lib/db";
import { clientIp, jsonOk, route } from "@/lib/http";
import { pendingChangeAnswer } from "@/lib/admin-changes/answers";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    name: "POST /api/admin/pending-changes/[id]/refuse",
    summary: "Another admin refuses; nothing of the change happens",
    answers: { 200: pendingChangeAnswer },
    permission: "pendingChanges", params: pendingChangeParamsSchema,
  },
  async ({ request, user, params, t }) => {
    try {
      const decided = await refusePendingChange({ db: await getDb(), ip: clientIp(request) }, params.id, { kind: "admin", id: user.id, email: user.email });
      return jsonOk({ pending_change: decided });
    } catch (error) {
      const refused = pendingChangeErrorResponse(error, t);
      if (refused) return refused;
      throw error;
    }
  },
);
