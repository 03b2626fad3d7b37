import "@/lib/zod-config";
import { z } from "zod";
import { pendingAnswer } from "@/lib/admin-changes/http";
import { changeUserOrAsk } from "@/lib/admin-changes/service";
import { getDb } from "@/lib/db";
import { findUserById, setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { clientIp, jsonOk, route } from "@/lib/http";
import { userChangeSchema } from "@/lib/auth/user-view";
import { toUserChange, toUserView, userErrorResponse } from "@/lib/auth/users-api";
import { pendingChangeAnswer } from "@/lib/admin-changes/answers";
import { changedUserAnswer } from "@/lib/auth/answers";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ id: z.string().trim().min(1).max(100) });

export const PATCH = route(
  {
    name: "PATCH /api/users/[id]",
    summary: "One change: role, deactivated, resetSecondFactor, endSessions or newPasswordLink (admins only); what gives a hand on money waits for a second admin (202)",
    answers: { 200: changedUserAnswer, 202: pendingChangeAnswer },
    permission: "users", params: paramsSchema, body: userChangeSchema,
  },
  async ({ request, user, params, body, t }) => {
    try {
      const asked = await changeUserOrAsk({ db: await getDb(), ip: clientIp(request) }, params.id, toUserChange(body), { id: user.id, email: user.email });
      if ("pending" in asked) return pendingAnswer(asked.pending);
      const result = asked.applied;
      return jsonOk({
        user: await toUserView(result.user),
        changed: result.changed,
        endedSessions: result.endedSessions,
        ...(result.token ? { setPasswordUrl: setPasswordUrl(getEnv().appUrl, result.token), linkHours: SET_PASSWORD_LINK_TTL_HOURS } : {}),
      });
    } catch (error) {
      const target = await findUserById(params.id).catch(() => null);
      const refused = userErrorResponse(error, t, target?.email);
      if (refused) return refused;
      throw error;
    }
  },
);
