import { pendingAnswer } from "@/lib/admin-changes/http";
import { inviteUserOrAsk } from "@/lib/admin-changes/service";
import { getDb } from "@/lib/db";
import { listUsers, setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { clientIp, jsonOk, route } from "@/lib/http";
import { newUserSchema } from "@/lib/auth/user-view";
import { toUserView, toUserViews, userErrorResponse } from "@/lib/auth/users-api";
import { pendingChangeAnswer } from "@/lib/admin-changes/answers";
import { invitedUserAnswer, userListAnswer } from "@/lib/auth/answers";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    name: "GET /api/users",
    summary: "Every staff account with its role, status and second factor (admins only)",
    answers: { 200: userListAnswer },
    permission: "users",
  },
  async () => jsonOk({ users: await toUserViews(await listUsers()) }));

export const POST = route(
  {
    name: "POST /api/users",
    summary: "Add a user with their one-time set-password link, shown once (admins only); a role that may move money waits for a second admin (202)",
    answers: { 201: invitedUserAnswer, 202: pendingChangeAnswer },
    permission: "users", body: newUserSchema,
  },
  async ({ request, user, body, t }) => {
  try {
    const result = await inviteUserOrAsk({ db: await getDb(), ip: clientIp(request) }, body, { id: user.id, email: user.email });
    if ("pending" in result) return pendingAnswer(result.pending);
    const { user: created, token } = result.applied;
    return jsonOk(
      { user: await toUserView(created), setPasswordUrl: setPasswordUrl(getEnv().appUrl, token), linkHours: SET_PASSWORD_LINK_TTL_HOURS },
      201,
    );
  } catch (error) {
    const refused = userErrorResponse(error, t, body.email);
    if (refused) return refused;
    throw error;
  }
});
