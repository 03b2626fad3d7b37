import { requireApiUser } from "@/lib/auth/guard";
import { listPaymentsParamsSchema, registerTransferSchema, type RegisterTransfer } from "@/lib/contract";
import { recordAudit } from "@/lib/db/audit";
import { idempotentIdParamSchema } from "@/lib/domain/ids";
import { strictPageSchema } from "@/lib/domain/list-params";
import { checkOrigin, clientIp, jsonOk, queryObject, readJsonBody, setRequestUser, validationError, withRoute } from "@/lib/http";
import { jsonError, zodFields } from "@/lib/http/errors";
import { auditOutcome, listPayments, registerPayment } from "@/lib/payments-api";

export const GET = withRoute("GET /api/payments", async (request) => {
  // GET /api/payments: list payments (same params and shape as the provider)
  const gate = await requireApiUser(request, "viewPayments");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const query = queryObject(request.url);
  if ("response" in query) return query.response;
  const page = strictPageSchema.safeParse(query.query);
  if (!page.success) return validationError(page.error, 400);
  const params = listPaymentsParamsSchema.safeParse(query.query);
  if (!params.success) return validationError(params.error, 400);
  return jsonOk(await listPayments(params.data));
});

export const POST = withRoute("POST /api/payments", async (request) => {
  // POST /api/payments: register a payment (never retried; unknown outcomes are read back)
  const gate = await requireApiUser(request, "register");
  if ("response" in gate) return gate.response;
  setRequestUser(gate.user.id);
  const refused = checkOrigin(request);
  if (refused) return refused;
  const read = await readJsonBody(request);
  if ("response" in read) return read.response;
  const parsed = registerTransferSchema.safeParse(read.body);
  if (!parsed.success) return validationError(parsed.error, 422);
  // An id that cannot be read back could never have an unknown outcome resolved: refuse it.
  const id = idempotentIdParamSchema.safeParse(parsed.data.idempotent_id);
  if (!id.success) {
    const fields = { idempotent_id: Object.values(zodFields(id.error))[0] ?? "Invalid payment id" };
    return jsonError(422, fields.idempotent_id, { fields, kind: "validation" });
  }
  const audit = { actor: gate.user, action: "payment.register", target: parsed.data.idempotent_id, ip: clientIp(request) };
  const attempt = receiverOf(parsed.data);
  try {
    const result = await registerPayment(parsed.data);
    const { payment, reconciled } = result;
    await recordAudit({
      ...audit,
      outcome: "registered",
      detail: { ...attempt, reference_code: payment.reference_code, status: payment.status, reconciled },
    });
    return jsonOk(result, reconciled ? 200 : 201);
  } catch (err) {
    const { outcome, detail } = auditOutcome(err);
    await recordAudit({ ...audit, outcome, detail: { ...detail, ...attempt } });
    throw err;
  }
});

/** What the audit log keeps of every registration attempt: amount, receiver and how it is addressed. */
function receiverOf(body: RegisterTransfer): Record<string, unknown> {
  return {
    value_cents: body.value_cents,
    authorized: body.authorized,
    initiation_type: body.initiation_type,
    receiver_name: body.receiver_name,
    receiver_document: body.receiver_document,
    ...(body.initiation_type === "manual"
      ? { receiver_bank_ispb: body.receiver_bank_ispb, receiver_agency: body.receiver_agency, receiver_account: body.receiver_account, receiver_account_type: body.receiver_account_type }
      : { pix_key_type: body.pix_key_type, pix_key: body.pix_key }),
  };
}
