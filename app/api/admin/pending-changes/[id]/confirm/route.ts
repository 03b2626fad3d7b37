import { approvalExpiryDefault, pendingChangeErrorResponse } from "@/lib/admin-changes/http";
import { pendingChangeParamsSchema } from "@/lib/admin-changes/params";
import { confirmPendingChange } from "@/lib/admin-changes/service";
import { getDb } from "@/lib/db";
import { setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { clientIp, jsonOk, route } from "@/lib/http";
import { confirmedChangeAnswer } from "@/lib/admin-changes/answers";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    name: "POST /api/admin/pending-changes/[id]/confirm",
    summary: "Another admin confirms; the change applies now (a one-time link is shown to them once)",
    answers: { 200: confirmedChangeAnswer },
    permission: "pendingChanges", params: pendingChangeParamsSchema,
  },
  async ({ request, user, params, t }) => {
    try {
      const ctx = { db: await getDb(), ip: clientIp(request), defaultExpiryHours: approvalExpiryDefault() };
      const done = await confirmPendingChange(ctx, params.id, { kind: "admin", id: user.id, email: user.email });
      return jsonOk({
        pending_change: done.change,
        ...(done.token ? { set_password_url: setPasswordUrl(getEnv().appUrl, done.token), link_hours: SET_PASSWORD_LINK_TTL_HOURS } : {}),
        ...(done.serviceToken ? { token: done.serviceToken } : {}),
      });
    } catch (error) {
      const refused = pendingChangeErrorResponse(error, t);
      if (refused) return refused;
      throw error;
    }
  },
);
