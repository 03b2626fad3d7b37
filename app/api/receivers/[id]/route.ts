import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { receiverParamsSchema, receiverPatchSchema } from "@/lib/receivers/schema";
import { deleteReceiver, updateReceiver } from "@/lib/receivers/service";
import { receiverAnswer, receiverDeletedAnswer } from "@/lib/receivers/answers";

// PATCH /api/receivers/{id}: change some fields of a saved receiver; the result is checked whole (audited)
export const PATCH = route(
  {
    name: "PATCH /api/receivers/{id}",
    summary: "Change some fields of a saved receiver; the result is checked whole (audited)",
    answers: { 200: receiverAnswer },
    permission: "register", params: receiverParamsSchema, body: receiverPatchSchema,
  },
  async ({ actor, params, body }) => jsonOk({ receiver: await updateReceiver(await getDb(), params.id, body, actor) }),
);

// DELETE /api/receivers/{id}: delete a saved receiver (transfers made from it keep their link; audited)
export const DELETE = route(
  {
    name: "DELETE /api/receivers/{id}",
    summary: "Delete a saved receiver (transfers made from it keep their link; audited)",
    answers: { 200: receiverDeletedAnswer },
    permission: "register", params: receiverParamsSchema,
  },
  async ({ actor, params }) => {
    await deleteReceiver(await getDb(), params.id, actor);
    return jsonOk({ deleted: true });
  },
);
