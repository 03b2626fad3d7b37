import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { cancelBodySchema, transferParamsSchema } from "@/lib/transfers/query";
import { cancelTransfer } from "@/lib/transfers/server/service";
import { getTransfer } from "@/lib/transfers/server/store";
import { transferDetailAnswer } from "@/lib/transfers/answers";

export const POST = route(
  {
    name: "POST /api/transfers/[id]/cancel",
    summary: "The maker withdraws a request before it was sent (an admin may cancel a held one)",
    answers: { 200: transferDetailAnswer },
    permission: "register", params: transferParamsSchema, body: cancelBodySchema,
  },
  async ({ actor, user, params, body }) => {
    const db = await getDb();
    await cancelTransfer(db, params.id, actor, body.reason ?? null, new Date(), { mayCancelHeld: user.role === "admin" });
    return jsonOk({ transfer: await getTransfer(db, params.id) });
  },
);
