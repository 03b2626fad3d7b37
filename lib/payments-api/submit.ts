import "server-only";
import {
  registerPaymentAnswerSchema,
  registerPaymentBodySchema,
  type PaymentDetail,
  type RegisterPaymentBody,
} from "@/lib/contract";
import type { LostAnswer } from "@/lib/transfers/outcome";
import { callProvider, expectAnswer } from "./client";
import { isPaymentsApiError, PaymentsApiError } from "./errors";
import { paymentPath } from "./path";
import { parseProviderFields } from "./provider-fields";
import { getPayment } from "./payments";
import { transferDifferences } from "./same-transfer";
import { issuesToFields } from "@/lib/domain/zod-fields";

/**
 * The two provider calls a submission is made of, each telling what it saw and never throwing
 * for something the provider did. Deciding what to do with it (send, wait, read again, give up)
 * is the engine's (lib/transfers/server/engine.ts): a POST whose answer was lost may still commit at the
 * provider long after we gave up on it, so nothing here ever sends twice or concludes "not sent"
 * from a read-back.
 */

/** What reading the payment back by its idempotent_id showed. */
export type ReadBack =
  | { kind: "found"; payment: PaymentDetail; /** What differs from our transfer (the id belongs to another payment). */ differs: string[] }
  | { kind: "absent" }
  | { kind: "unavailable"; lost: LostAnswer };

/** What one POST /v1/pix/payments showed. */
export type PostResult =
  | { kind: "registered"; reference_code: string; status: PaymentDetail["status"] }
  | { kind: "refused"; http_status: number; message: string; fields?: Record<string, string> }
  /** Certainly not processed: no token, or the provider refused it before looking (401, 429). */
  | { kind: "not_sent"; lost: LostAnswer }
  /** Left us and may have committed: a timeout, a reset, a 5xx, a garbled success. */
  | { kind: "ambiguous"; lost: LostAnswer };

/** Reads the payment back by its idempotent_id: found (ours or not), absent (the provider said so), or unavailable. */
export async function readBackPayment(input: RegisterPaymentBody): Promise<ReadBack> {
  const body = validateBody(input);
  try {
    const payment = await getPayment(body.idempotent_id);
    return { kind: "found", payment, differs: transferDifferences(payment, body) };
  } catch (err) {
    if (isPaymentsApiError(err) && err.kind === "not_found") return { kind: "absent" };
    return { kind: "unavailable", lost: lostAnswer(err) };
  }
}

/** POST /v1/pix/payments once, with the transfer's own idempotent_id. Never retried here. */
export async function postPayment(input: RegisterPaymentBody): Promise<PostResult> {
  const body = validateBody(input);
  let answer;
  try {
    answer = await callProvider({ operation: "registerPayment", method: "POST", path: "/v1/pix/payments", body });
  } catch (err) {
    // No token: the POST never went out.
    if (isPaymentsApiError(err) && err.operation === "token") return { kind: "not_sent", lost: lostAnswer(err) };
    return { kind: "ambiguous", lost: lostAnswer(err) };
  }
  const { status } = answer;
  if (status === 200 || status === 201) {
    try {
      const { payment } = expectAnswer(answer, registerPaymentAnswerSchema, "registerPayment", [200, 201]);
      return { kind: "registered", reference_code: payment.reference_code, status: payment.status };
    } catch {
      return { kind: "ambiguous", lost: { failure: "malformed", http_status: status } };
    }
  }
  // The provider answered without processing it: a refused token, a rate limit.
  if (status === 401) return { kind: "not_sent", lost: { failure: "unauthorized", http_status: status } };
  if (status === 429) return { kind: "not_sent", lost: { failure: "rate_limited", http_status: status } };
  if (status >= 500) return { kind: "ambiguous", lost: { failure: "server_error", http_status: status } };
  return refused(answer.status, answer.json);
}

/** The provider said no (400/403/422, or another 4xx): its own words, trimmed, and the fields they name. */
function refused(status: number, json: unknown): PostResult {
  const said = (json as { error?: unknown } | null)?.error;
  const message = typeof said === "string" && said.trim() ? said.trim() : `HTTP ${status}`;
  const fields = parseProviderFields(message);
  return { kind: "refused", http_status: status, message, ...(fields ? { fields } : {}) };
}

function lostAnswer(err: unknown): LostAnswer {
  if (!isPaymentsApiError(err)) return { failure: "network" };
  const http_status = err.status || undefined;
  switch (err.kind) {
    case "timeout":
      return { failure: "timeout" };
    case "malformed":
      return { failure: "malformed", http_status };
    case "unauthorized":
      return { failure: "unauthorized", http_status };
    default:
      if (err.status === 429) return { failure: "rate_limited", http_status };
      return err.status >= 500 ? { failure: "server_error", http_status } : { failure: "network" };
  }
}

/**
 * A body that breaks the wire rules, or an id that could not be read back, is never sent
 * (its outcome could not be settled): the caller's own validation must have stopped it first.
 */
function validateBody(input: RegisterPaymentBody): RegisterPaymentBody {
  const parsed = registerPaymentBodySchema.safeParse(input);
  const fields = parsed.success ? {} : issuesToFields(parsed.error.issues, { fallback: "body" });
  try {
    paymentPath(input?.idempotent_id, "registerPayment");
  } catch (err) {
    if (isPaymentsApiError(err) && err.fields) Object.assign(fields, err.fields);
  }
  if (!parsed.success || Object.keys(fields).length) {
    throw new PaymentsApiError(Object.values(fields)[0] ?? "Invalid payment", {
      kind: "invalid",
      status: 0,
      operation: "registerPayment",
      fields,
    });
  }
  return parsed.data;
}
