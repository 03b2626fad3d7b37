/**
 * The transfer request's state machine (client-safe: pages read the same table).
 *
 *   awaiting_approval -> approved | rejected | canceled | expired
 *   approved          -> submitting | canceled
 *   submitting        -> registered | refused | failed | outcome_unknown | approved (retry: nothing was sent)
 *   outcome_unknown   -> submitting | registered | refused | failed | approved
 *   failed            -> approved (a person retries it, same id: nothing was registered)
 *
 * Every change goes through `lib/transfers/transition.ts`, which refuses what this table does not
 * allow; the database refuses unknown state names (a CHECK constraint).
 */
export const TRANSFER_STATES = [
  "awaiting_approval",
  "approved",
  "submitting",
  "registered",
  "refused",
  "outcome_unknown",
  "failed",
  "rejected",
  "canceled",
  "expired",
] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

const TRANSITIONS: Record<TransferState, readonly TransferState[]> = {
  awaiting_approval: ["approved", "rejected", "canceled", "expired"],
  approved: ["submitting", "canceled"],
  submitting: ["registered", "refused", "failed", "outcome_unknown", "approved", "submitting"],
  outcome_unknown: ["submitting", "registered", "refused", "failed", "approved"],
  registered: [],
  refused: [],
  // Given up after the retries ran out: a person may send it again with the same id.
  failed: ["approved"],
  rejected: [],
  canceled: [],
  expired: [],
};

/** States the engine never moves a request out of (a person may retry a failed one). */
const FINAL_STATES: readonly TransferState[] = ["registered", "refused", "failed", "rejected", "canceled", "expired"];

/** States where the engine still has work to do. */
export const IN_FLIGHT_STATES: readonly TransferState[] = ["approved", "submitting", "outcome_unknown"];

export function isTransferState(value: unknown): value is TransferState {
  return typeof value === "string" && (TRANSFER_STATES as readonly string[]).includes(value);
}

export function canTransition(from: TransferState, to: TransferState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinal(state: TransferState): boolean {
  return FINAL_STATES.includes(state);
}
