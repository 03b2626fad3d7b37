import { requireApiUser } from "@/lib/auth/guard";
import { paymentParamsSchema } from "@/lib/domain/ids";
import { jsonOk, setRequestUser, validationError, withRoute } from "@/lib/http";
import { getPayment } from "@/lib/payments-api";

type Context = { params: Promise<{ idempotent_id: string }> };

export const GET = withRoute<Context>("GET /api/payments/[idempotent_id]", async (request, { params }) => {
  // GET /api/payments/{idempotent_id}: one payment with its bank data (provider 406 -> 404)
  const gate = await requireApiUser(request, "viewPayments");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const parsed = paymentParamsSchema.safeParse(await params);
  if (!parsed.success) return validationError(parsed.error, 400);
  return jsonOk({ payment: await getPayment(parsed.data.idempotent_id) });
});
