import { paymentParamsSchema } from "@/lib/domain/ids";
import { jsonOk, route } from "@/lib/http";
import { getPayment } from "@/lib/payments-api";
import { paymentDetailAnswerSchema } from "@/lib/contract/payment";

export const GET = route(
  {
    name: "GET /api/payments/[idempotent_id]",
    summary: "One payment with its bank data (provider 406 -> 404)",
    answers: { 200: paymentDetailAnswerSchema },
    permission: "viewPayments", params: paymentParamsSchema,
  },
  async ({ params }) => jsonOk({ payment: await getPayment(params.idempotent_id) }),
);
