import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { alertSeenSchema } from "@/lib/alerts/query";
import { markSeen } from "@/lib/alerts/store";
import { seenAnswer } from "@/lib/alerts/answers";

export const POST = route(
  {
    name: "POST /api/alerts/seen",
    summary: "{ up_to } the signed-in person has seen the alerts up to this id (the bell's count)",
    answers: { 200: seenAnswer },
    permission: "alerts", body: alertSeenSchema,
  },
  async ({ user, body }) => {
  await markSeen(await getDb(), user.id, body.up_to);
  return jsonOk({ up_to: body.up_to });
});
