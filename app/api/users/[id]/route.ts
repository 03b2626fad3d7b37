import "@/lib/zod-config";
import { z } from "zod";
import { changeUser } from "@/lib/db/users-admin";
import { findUserById, setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { clientIp, jsonOk, route } from "@/lib/http";
import { userChangeSchema } from "@/lib/auth/user-view";
import { toUserChange, toUserView, userErrorResponse } from "@/lib/auth/users-api";

export const dynamic = "force-dynamic";

const paramsSchema = z.object({ id: z.string().trim().min(1).max(100) });

// PATCH /api/users/{id}: one change: role, deactivated, resetSecondFactor, endSessions or newPasswordLink (admins only)
export const PATCH = route(
  { name: "PATCH /api/users/[id]", permission: "users", params: paramsSchema, body: userChangeSchema },
  async ({ request, user, params, body, t }) => {
    try {
      const result = await changeUser(params.id, toUserChange(body), { actor: user, ip: clientIp(request), auditDetail: { via: "web" } });
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
