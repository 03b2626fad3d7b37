import { isApiRequestError } from "@/lib/domain/api-client";
import { formFieldFor, type RegisterFormErrors } from "./validate";

/**
 * What the page tells the operator after "Confirm transfer" did not end in a plain 201.
 * - `rejected`: the provider (or our server) refused it; nothing was registered; values kept.
 * - `invalid`: the server's validation refused fields; shown next to them.
 * - `registered`: it exists (found by reading it back); link to it, never send it again.
 * - `not_registered`: read back and not found: safe to retry with the SAME id.
 * - `unknown`: nobody could tell yet: check again before any retry.
 * - `check`: the answer was lost (network, 5xx, timeout): the page must read the payment back.
 * - `session`: signed out meanwhile.
 */
export type SubmitOutcome =
  | { kind: "rejected"; message: string; status: number }
  | { kind: "invalid"; message: string; fields: RegisterFormErrors }
  | { kind: "registered"; idempotentId: string; reconciled: boolean }
  | { kind: "not_registered"; idempotentId: string; message: string }
  | { kind: "unknown"; idempotentId: string; message: string }
  | { kind: "check"; idempotentId: string; message: string }
  | { kind: "session"; message: string };

const LOST_ANSWER = "The server's answer did not arrive, so we do not know yet whether the transfer was registered.";

/** Classifies a failed POST /api/payments of the payment `idempotentId`. */
export function classifySubmitError(err: unknown, idempotentId: string): SubmitOutcome {
  if (!isApiRequestError(err)) return { kind: "check", idempotentId, message: LOST_ANSWER };
  const { status } = err;
  // A 2xx whose body could not be read: the transfer was accepted.
  if (status >= 200 && status < 300) return { kind: "registered", idempotentId, reconciled: false };
  if (err.kind === "unknown_outcome" || err.outcome) {
    if (err.outcome?.registered === false) {
      return { kind: "not_registered", idempotentId, message: err.message };
    }
    return { kind: "unknown", idempotentId, message: err.message };
  }
  if (status === 0 || status === 408 || status >= 500) {
    return { kind: "check", idempotentId, message: LOST_ANSWER };
  }
  if (status === 401) return { kind: "session", message: err.message };
  if (err.fields && Object.keys(err.fields).length > 0) {
    const fields: RegisterFormErrors = {};
    for (const [name, message] of Object.entries(err.fields)) fields[formFieldFor(name)] ??= message;
    return { kind: "invalid", message: err.message, fields };
  }
  return { kind: "rejected", message: err.message, status };
}

/** After reading the payment back by its id: found, not found, or still unknown (with why). */
export type Reconciliation =
  | { kind: "registered"; idempotentId: string; reconciled: true }
  | { kind: "not_registered"; idempotentId: string; message: string }
  | { kind: "unknown"; idempotentId: string; message: string };

export const NOT_REGISTERED_MESSAGE =
  "Not registered: no payment with this id exists at the provider. It is safe to retry; the retry uses the same payment id.";
export const STILL_UNKNOWN_MESSAGE =
  "We could not confirm with the provider whether the transfer was registered. Do not register it again: check again in a moment.";

/** Reads the answer of GET /api/payments/{id}: 200 = registered, 404 = not registered. */
export function reconcileFromRead(idempotentId: string, read: { found: true } | { error: unknown }): Reconciliation {
  if ("found" in read) return { kind: "registered", idempotentId, reconciled: true };
  if (isApiRequestError(read.error) && read.error.status === 404) {
    return { kind: "not_registered", idempotentId, message: NOT_REGISTERED_MESSAGE };
  }
  const reason = read.error instanceof Error ? ` (${read.error.message})` : "";
  return { kind: "unknown", idempotentId, message: `${STILL_UNKNOWN_MESSAGE}${reason}` };
}
