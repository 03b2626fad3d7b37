import "server-only";
import {
  registerPaymentAnswerSchema,
  registerPaymentBodySchema,
  type PaymentDetail,
  type RegisteredPayment,
  type RegisterPaymentBody,
} from "@/lib/contract";
import { callProvider, errorFromAnswer, expectAnswer } from "./client";
import { isPaymentsApiError, PaymentsApiError } from "./errors";
import { paymentPath } from "./path";
import { getPayment } from "./payments";
import { transferDifferences } from "./same-transfer";

export type RegisterResult = {
  payment: RegisteredPayment;
  /** true when the answer was found by reading the payment back (unknown outcome or a repeat). */
  reconciled: boolean;
};

/** Pauses before each read-back: a commit may still be in flight upstream after our timeout. */
const READ_BACK_PAUSES_MS = [0, 300, 1_000];
const inFlight = new Set<string>();

/**
 * POST /v1/pix/payments. Never retried: a timeout, reset, 5xx or garbled success is an UNKNOWN
 * outcome, resolved by reading the payment back by idempotent_id. Found => that is the answer
 * (`reconciled: true`); not found => `unknown_outcome` with `registered: false` (the same id may be
 * sent again); read-back failing too => `registered: "unknown"` (nobody may retry yet).
 * Before sending, an existing payment with the same id is looked up, so a repeat of a transfer
 * that went through returns it instead of asking the provider twice (its behaviour on a repeated
 * idempotent_id is undocumented).
 */
export async function registerPayment(input: RegisterPaymentBody): Promise<RegisterResult> {
  const body = validateBody(input);
  const id = body.idempotent_id;
  if (inFlight.has(id)) {
    throw new PaymentsApiError(`A registration of payment ${id} is already in progress`, {
      kind: "conflict",
      status: 0,
      operation: "registerPayment",
      idempotentId: id,
    });
  }
  inFlight.add(id);
  try {
    const existing = await findPayment(id);
    if (existing) return { payment: sameTransferOrThrow(existing, body), reconciled: true };
    return await send(body);
  } finally {
    inFlight.delete(id);
  }
}

async function send(body: RegisterPaymentBody): Promise<RegisterResult> {
  let answer;
  try {
    answer = await callProvider({ operation: "registerPayment", method: "POST", path: "/v1/pix/payments", body });
  } catch (err) {
    // A failure while getting a token means the POST never went out: the outcome is known.
    if (isPaymentsApiError(err) && err.operation === "registerPayment") return readBack(body, err);
    throw err;
  }
  if (answer.status >= 500) return readBack(body, errorFromAnswer(answer, "registerPayment"));
  if (answer.status !== 200 && answer.status !== 201) throw errorFromAnswer(answer, "registerPayment");
  try {
    const { payment } = expectAnswer(answer, registerPaymentAnswerSchema, "registerPayment", [200, 201]);
    return { payment, reconciled: false };
  } catch (err) {
    return readBack(body, err);
  }
}

async function readBack(body: RegisterPaymentBody, cause: unknown): Promise<RegisterResult> {
  const id = body.idempotent_id;
  const why = isPaymentsApiError(cause) ? cause.message : "unexpected failure";
  try {
    for (const ms of READ_BACK_PAUSES_MS) {
      if (ms) await pause(ms);
      const found = await findPayment(id);
      if (found) return { payment: sameTransferOrThrow(found, body), reconciled: true };
    }
  } catch (err) {
    if (isPaymentsApiError(err) && err.kind === "conflict") throw err;
    throw new PaymentsApiError(
      `The outcome of payment ${id} is unknown: the registration failed (${why}) and reading it back failed too. Do not register it again; look it up later.`,
      { kind: "unknown_outcome", status: 0, operation: "registerPayment", registered: "unknown", idempotentId: id, cause: err },
    );
  }
  throw new PaymentsApiError(
    `Payment ${id} was not registered (${why}). It is safe to try again with the same payment id.`,
    { kind: "unknown_outcome", status: 0, operation: "registerPayment", registered: false, idempotentId: id, cause },
  );
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

/** A found payment is ours only if it is the same transfer; an id reused for another is a conflict. */
function sameTransferOrThrow(found: PaymentDetail, body: RegisterPaymentBody): RegisteredPayment {
  const differs = transferDifferences(found, body);
  if (differs.length) {
    throw new PaymentsApiError(
      `The payment id ${body.idempotent_id} is already used by another payment (${found.reference_code}, different ${differs.join(", ")}). Choose a new id.`,
      { kind: "conflict", status: 0, operation: "registerPayment", idempotentId: body.idempotent_id },
    );
  }
  return {
    reference_code: found.reference_code,
    idempotent_id: found.idempotent_id,
    value_cents: found.value_cents,
    pix_key_type: found.pix_key_type,
    pix_key: found.pix_key || null,
    receiver_name: found.receiver_name,
    receiver_document: found.receiver_document,
    status: found.status,
  };
}

function validateBody(input: RegisterPaymentBody): RegisterPaymentBody {
  const parsed = registerPaymentBodySchema.safeParse(input);
  const fields: Record<string, string> = {};
  if (!parsed.success) for (const i of parsed.error.issues) fields[i.path.join(".") || "body"] ??= i.message;
  // An id that cannot be read back must never be registered: its outcome could not be resolved.
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
