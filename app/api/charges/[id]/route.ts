import { getDb } from "@/lib/db";
import { jsonOk, route } from "@/lib/http";
import { chargeAnswer } from "@/lib/charges/answers";
import { chargeParamsSchema } from "@/lib/charges/query";
import { getCharge } from "@/lib/charges/store";
import { ApiError } from "@/lib/http/api-error";

export const GET = route(
  {
    name: "GET /api/charges/[id]",
    summary: "One charge with its copia-e-cola code, link, payment and timeline",
    answers: { 200: chargeAnswer },
    permission: "viewPayments", params: chargeParamsSchema,
  },
  async ({ params }) => {
    const charge = await getCharge(await getDb(), params.id);
    if (!charge) throw new ApiError("not_found", "charges.errors.notFound");
    return jsonOk({ charge });
  },
);
