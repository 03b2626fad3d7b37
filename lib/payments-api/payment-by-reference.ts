import "server-only";
import { LIMITS, paymentDetailAnswerSchema, type PaymentDetail } from "@/lib/contract";
import { pathIdMessage, pathIdProblem } from "@/lib/domain/ids";
import { callProvider, expectAnswer } from "./client";
import { PaymentsApiError, type ProviderOperation } from "./errors";

/**
 * A reference code as a path parameter, encoded, or `invalid` before any call (the same rules
 * as an idempotent_id: nothing that could change the upstream path).
 */
export function referencePath(prefix: string, reference: string, operation: ProviderOperation): string {
  const problem = pathIdProblem(reference, LIMITS.referenceCode);
  if (problem) {
    const message = pathIdMessage(problem);
    throw new PaymentsApiError(message, { kind: "invalid", status: 0, operation, fields: { reference_code: message } });
  }
  return `${prefix}/${encodeURIComponent(reference)}`;
}

/**
 * GET /v1/pix/payments/{reference_code}: the payment the provider gave this reference code,
 * answered exactly like the read by idempotent_id; the provider's 406 becomes `not_found`.
 */
export async function getPaymentByReference(reference: string): Promise<PaymentDetail> {
  const path = referencePath("/v1/pix/payments", reference, "getPaymentByReference");
  const answer = await callProvider({ operation: "getPaymentByReference", method: "GET", path });
  const { payment } = expectAnswer(answer, paymentDetailAnswerSchema, "getPaymentByReference");
  if (payment.reference_code !== reference) {
    throw new PaymentsApiError("The payments provider sent a malformed answer: it returned a different payment", {
      kind: "malformed",
      status: answer.status,
      operation: "getPaymentByReference",
    });
  }
  return payment;
}
