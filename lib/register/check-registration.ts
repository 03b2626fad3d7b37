import { answerParsedBy } from "@/lib/domain/answer-schema";
import { apiGet } from "@/lib/domain/api-client";
import { paymentResponseSchema } from "@/lib/domain/payments";
import { reconcileFromRead, type Reconciliation } from "./outcome";

/** The read-back path of a payment id (encoded: partners' own ids may hold any visible character). */
export function paymentApiPath(idempotentId: string): string {
  return `/api/payments/${encodeURIComponent(idempotentId)}`;
}

/** The detail page of a payment; `registered=1` asks it to say the transfer was just registered. */
export function paymentPagePath(idempotentId: string, registered = false): string {
  return `/payments/${encodeURIComponent(idempotentId)}${registered ? "?registered=1" : ""}`;
}

/**
 * Settles an unknown outcome by reading the payment back by its idempotent_id (never by
 * sending it again).
 */
export async function checkRegistration(
  idempotentId: string,
  options: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<Reconciliation> {
  try {
    await apiGet(paymentApiPath(idempotentId), answerParsedBy(paymentResponseSchema), options);
    return reconcileFromRead(idempotentId, { found: true });
  } catch (error) {
    return reconcileFromRead(idempotentId, { error });
  }
}
