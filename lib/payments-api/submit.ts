import "server-only";
import {
  registerPaymentAnswerSchema,
  registerPaymentBodySchema,
  type PaymentDetail,
  type RegisterPaymentBody,
} from "@/lib/contract";
import type { LostAnswer, TransferOutcome } from "@/lib/transfers/outcome";
import { callProvider, expectAnswer } from "./client";
import { isPaymentsApiError, PaymentsApiError } from "./errors";
import { paymentPath } from "./path";
import { parseProviderFields } from "./provider-fields";
import { getPayment } from "./payments";
import { transferDifferences } from "./same-transfer";

/** Pauses before each read-back: a commit may still be in flight upstream after our timeout. */
const READ_BACK_PAUSES_MS = [0, 300, 1_000];

/**
 * Submits one transfer: POST /v1/pix/payments with its own idempotent_id, and tells what
 * became of it as a TransferOutcome (it never throws for something the provider did).
 *
 * Never retried here, never sent blind: first the payment is read back by its id (a repeat of
 * a transfer that went through is answered from there: the provider's behaviour on a repeated
 * idempotent_id is undocumented); a timeout, reset, 5xx or garbled success after the POST is an
 * UNKNOWN outcome, settled by reading back again: found -> registered; not found ->
 * not_registered (the same id may be sent again); the read failing too -> unknown.
 * Deciding whether to send again, and when, is the engine's (lib/transfers).
 */
export async function submitPayment(input: RegisterPaymentBody): Promise<TransferOutcome> {
  const body = validateBody(input);
  let existing: PaymentDetail | undefined;
  try {
    existing = await findPayment(body.idempotent_id);
  } catch (err) {
    return { kind: "not_registered", lost: lostAnswer(err), sent: false };
  }
  if (existing) return foundOutcome(existing, body);

  let answer;
  try {
    answer = await callProvider({ operation: "registerPayment", method: "POST", path: "/v1/pix/payments", body });
  } catch (err) {
    // No token: the POST never went out.
    if (isPaymentsApiError(err) && err.operation === "token") return { kind: "not_registered", lost: lostAnswer(err), sent: false };
    return readBack(body, lostAnswer(err));
  }
  const { status } = answer;
  if (status === 200 || status === 201) {
    try {
      const { payment } = expectAnswer(answer, registerPaymentAnswerSchema, "registerPayment", [200, 201]);
      return { kind: "registered", reference_code: payment.reference_code, status: payment.status, found_by_read_back: false };
    } catch {
      return readBack(body, { failure: "malformed", http_status: status });
    }
  }
  // The provider answered without processing it: a refused token, a rate limit.
  if (status === 401) return { kind: "not_registered", lost: { failure: "unauthorized", http_status: status }, sent: false };
  if (status === 429) return { kind: "not_registered", lost: { failure: "rate_limited", http_status: status }, sent: false };
  if (status >= 500) return readBack(body, { failure: "server_error", http_status: status });
  return refused(answer.status, answer.json);
}

async function readBack(body: RegisterPaymentBody, lost: LostAnswer): Promise<TransferOutcome> {
  try {
    for (const ms of READ_BACK_PAUSES_MS) {
      if (ms) await pause(ms);
      const found = await findPayment(body.idempotent_id);
      if (found) return { ...foundOutcome(found, body) };
    }
  } catch {
    return { kind: "unknown", lost };
  }
  return { kind: "not_registered", lost, sent: true };
}

/** A payment found under our id is ours only if it is the same transfer. */
function foundOutcome(found: PaymentDetail, body: RegisterPaymentBody): TransferOutcome {
  const differs = transferDifferences(found, body);
  if (differs.length) return { kind: "conflict", reference_code: found.reference_code, differs };
  return { kind: "registered", reference_code: found.reference_code, status: found.status, found_by_read_back: true };
}

/** The provider said no (400/403/422, or another 4xx): its own words, trimmed, and the fields they name. */
function refused(status: number, json: unknown): TransferOutcome {
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

/** The payment with this id, or undefined when the provider says it does not exist. */
async function findPayment(id: string): Promise<PaymentDetail | undefined> {
  try {
    return await getPayment(id);
  } catch (err) {
    if (isPaymentsApiError(err) && err.kind === "not_found") return undefined;
    throw err;
  }
}

/**
 * A body that breaks the wire rules, or an id that could not be read back, is never sent
 * (its outcome could not be settled): the caller's own validation must have stopped it first.
 */
function validateBody(input: RegisterPaymentBody): RegisterPaymentBody {
  const parsed = registerPaymentBodySchema.safeParse(input);
  const fields: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) fields[i.path.join(".") || "body"] ??= i.message;
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

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
