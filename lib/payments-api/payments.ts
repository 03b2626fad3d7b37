import "server-only";
import {
  listPaymentsAnswerSchema,
  listPaymentsParamsSchema,
  paymentDetailAnswerSchema,
  type ListPaymentsAnswer,
  type PaymentDetail,
} from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";
import { PaymentsApiError } from "./errors";
import { paymentPath } from "./path";
import { issuesToFields } from "@/lib/domain/zod-fields";

/** GET /v1/pix/payments: one page (at most 100 items) with totals over the whole query. */
export async function listPayments(params: unknown): Promise<ListPaymentsAnswer> {
  const parsed = listPaymentsParamsSchema.safeParse(params);
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error.issues, { fallback: "params" });
    throw new PaymentsApiError(Object.values(fields)[0] ?? "Invalid list parameters", {
      kind: "invalid",
      status: 0,
      operation: "listPayments",
      fields,
    });
  }
  const answer = await callProvider({
    operation: "listPayments",
    method: "GET",
    path: "/v1/pix/payments",
    query: parsed.data,
  });
  return expectAnswer(answer, listPaymentsAnswerSchema, "listPayments");
}

/** GET /v1/pix/payments/{idempotent_id}/idempotent_id; the provider's 406 becomes `not_found`. */
export async function getPayment(idempotentId: string): Promise<PaymentDetail> {
  const answer = await callProvider({ operation: "getPayment", method: "GET", path: paymentPath(idempotentId) });
  const { payment } = expectAnswer(answer, paymentDetailAnswerSchema, "getPayment");
  if (payment.idempotent_id !== idempotentId) {
    throw new PaymentsApiError("The payments provider sent a malformed answer: it returned a different payment", {
      kind: "malformed",
      status: answer.status,
      operation: "getPayment",
    });
  }
  return payment;
}
