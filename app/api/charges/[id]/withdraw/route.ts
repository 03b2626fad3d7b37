import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { chargeAnswer } from "@/lib/charges/answers";
import { chargeParamsSchema, withdrawBodySchema } from "@/lib/charges/query";
import { withdrawCharge } from "@/lib/charges/service";
import { chargeDetail } from "@/lib/charges/store";

export const POST = route(
  {
    name: "POST /api/charges/[id]/withdraw",
    summary: "Withdraws a charge awaiting payment, with a reason (audited); the provider has no cancel call, so a payment that still arrives is flagged",
    answers: { 200: chargeAnswer },
    permission: "register", params: chargeParamsSchema, body: withdrawBodySchema,
  },
  async ({ actor, params, body }) => {
    const db = await getDb();
    const row = await withdrawCharge(db, params.id, actor, body.reason);
    return jsonOk({ charge: await chargeDetail(db, row) });
  },
);
