import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { alertNoteSchema, alertParamsSchema } from "@/lib/alerts/query";
import { acknowledgeAlert } from "@/lib/alerts/handling";
import { viewerOf } from "@/lib/alerts/viewer";
import { alertAnswer } from "@/lib/alerts/answers";

export const POST = route(
  {
    name: "POST /api/alerts/[id]/acknowledge",
    summary: "{ note } a person takes the alert on (audited)",
    answers: { 200: alertAnswer },
    permission: "alerts", params: alertParamsSchema, body: alertNoteSchema,
  },
  async ({ user, actor, params, body }) => jsonOk({ alert: await acknowledgeAlert(await getDb(), params.id, viewerOf(user, actor.ip), body.note) }),
);
