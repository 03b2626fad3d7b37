import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { inboxCount } from "@/lib/transfers/server/store";
import { countAnswer } from "@/lib/domain/answer-fields";

export const GET = route(
  {
    name: "GET /api/transfers/inbox",
    summary: "How many requests wait for the signed-in approver's decision",
    answers: { 200: countAnswer },
    permission: "approve",
  },
  async ({ user }) =>
  jsonOk({ count: await inboxCount(await getDb(), user.id) }),
);
