import { paymentParamsSchema } from "@/lib/domain/ids";
import { jsonOk, route } from "@/lib/http";
import { getPayment } from "@/lib/payments-api";

// GET /api/payments/{idempotent_id}: one payment with its bank data (provider 406 -> 404)
export const GET = route(
  { name: "GET /api/payments/[idempotent_id]", permission: "viewPayments", params: paymentParamsSchema },
  async ({ params }) => jsonOk({ payment: await getPayment(params.idempotent_id) }),
);
