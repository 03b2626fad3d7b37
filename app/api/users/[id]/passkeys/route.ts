import "@/lib/zod-config";
import { z } from "zod";
import { pendingAnswer } from "@/lib/admin-changes/http";
import { pendingChangeAnswer } from "@/lib/admin-changes/answers";
import { revokePasskeysOrAsk } from "@/lib/admin-changes/service";
import { revokedPasskeysAnswer } from "@/lib/auth/answers";
import { userErrorResponse } from "@/lib/auth/users-api";
import { getDb } from "@/lib/db";
import { findUserById } from "@/lib/db/users";
import { clientIp, jsonOk, route } from "@/lib/http";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const DELETE = route(
  {
    name: "DELETE /api/users/[id]/passkeys",
    summary: "Revoke every passkey of an account and end its sessions (admins only); for operators, approvers and admins it waits for a second admin (202)",
    answers: { 200: revokedPasskeysAnswer, 202: pendingChangeAnswer },
    permission: "users", params: paramsSchema,
  },
  async ({ request, user, params, t }) => {
    try {
      const asked = await revokePasskeysOrAsk({ db: await getDb(), ip: clientIp(request) }, params.id, { id: user.id, email: user.email });
      if ("pending" in asked) return pendingAnswer(asked.pending);
      return jsonOk({ revoked: asked.applied.revoked, endedSessions: asked.applied.endedSessions });
    } catch (error) {
      const target = await findUserById(params.id).catch(() => null);
      const refused = userErrorResponse(error, t, target?.email);
      if (refused) return refused;
      throw error;
    }
  },
);
