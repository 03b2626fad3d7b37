import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { receiverParamsSchema, receiverPatchSchema } from "@/lib/receivers/schema";
import { deleteReceiver, updateReceiver } from "@/lib/receivers/service";
import { receiverAnswer, receiverDeletedAnswer } from "@/lib/receivers/answers";

export const PATCH = route(
  {
    name: "PATCH /api/receivers/{id}",
    summary: "Change some fields of a saved receiver (its creator or an admin); the result is checked whole (audited)",
    answers: { 200: receiverAnswer },
    permission: "register", params: receiverParamsSchema, body: receiverPatchSchema,
  },
  async ({ actor, user, params, body }) => jsonOk({ receiver: await updateReceiver(await getDb(), params.id, body, { ...actor, isAdmin: user.role === "admin" }) }),
);

export const DELETE = route(
  {
    name: "DELETE /api/receivers/{id}",
    summary: "Delete a saved receiver (its creator or an admin; transfers made from it keep their link; audited)",
    answers: { 200: receiverDeletedAnswer },
    permission: "register", params: receiverParamsSchema,
  },
  async ({ actor, user, params }) => {
    await deleteReceiver(await getDb(), params.id, { ...actor, isAdmin: user.role === "admin" });
    return jsonOk({ deleted: true });
  },
);
