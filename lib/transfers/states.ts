/**
 * The transfer request's state machine (client-safe: pages read the same table).
 *
 *   awaiting_approval -> approved | scheduled | rejected | canceled | expired
 *   scheduled         -> submitting (on its day, at the send time) | canceled
 *                        | awaiting_approval | held (checked again before it is sent: lib/transfers/send-check.ts)
 *   approved          -> submitting | canceled | awaiting_approval | held (the same checks)
 *   submitting        -> registered | refused | failed | outcome_unknown | approved (nothing was sent)
 *                        | awaiting_approval | held (nothing was sent: the checks at the moment it would go)
 *   held              -> approved (its maker releases it, checked again) | canceled
 *   outcome_unknown   -> submitting (a read-back, or a new POST once the settle horizon passed)
 *                        | registered | failed
 *   registered        -> paid | provider_canceled   (the provider's own final statuses)
 *   failed            -> approved (a person retries it, same id: nothing was registered)
 *
 * `registered` only means the provider accepted the payment; a request follows it to `paid`
 * (end_to_end, payment date) or `provider_canceled` (the provider's reason). Every change goes
 * through `lib/transfers/server/transition.ts`, which refuses what this table does not allow; the
 * database refuses unknown state names (a CHECK constraint).
 */
export const TRANSFER_STATES = [
  "awaiting_approval",
  "scheduled",
  "approved",
  "submitting",
  "held",
  "outcome_unknown",
  "registered",
  "paid",
  "provider_canceled",
  "refused",
  "failed",
  "rejected",
  "canceled",
  "expired",
] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

const TRANSITIONS: Record<TransferState, readonly TransferState[]> = {
  awaiting_approval: ["approved", "scheduled", "rejected", "canceled", "expired"],
  scheduled: ["submitting", "canceled", "awaiting_approval", "held"],
  approved: ["submitting", "canceled", "awaiting_approval", "held"],
  submitting: ["registered", "refused", "failed", "outcome_unknown", "approved", "submitting", "awaiting_approval", "held"],
  // Not sent, and not to be sent as it stands: its maker, token or the balance no longer allows it.
  held: ["approved", "canceled"],
  outcome_unknown: ["submitting", "registered", "failed"],
  registered: ["paid", "provider_canceled"],
  paid: [],
  provider_canceled: [],
  refused: [],
  // Given up: a person may send it again with the same id (nothing was registered).
  failed: ["approved"],
  rejected: [],
  canceled: [],
  expired: [],
};

/**
 * Where the money stands for good: paid, or certainly not paid. `failed` counts (nothing was
 * registered), though a person may still send it again.
 */
export const FINAL_STATES: readonly TransferState[] = ["paid", "provider_canceled", "refused", "failed", "rejected", "canceled", "expired"];

/** Final and not paid: what a batch counts as "not paid". */
export const NOT_PAID_STATES: readonly TransferState[] = ["provider_canceled", "refused", "failed"];

/** States the engine still works on (submits, reads back). */
export const IN_FLIGHT_STATES: readonly TransferState[] = ["approved", "submitting", "outcome_unknown"];

/** States in which the provider may hold (or be about to hold) the money: they count against the limits. */
export const MAY_MOVE_MONEY_STATES: readonly TransferState[] = [
  "awaiting_approval",
  "scheduled",
  "approved",
  "submitting",
  "held",
  "outcome_unknown",
  "registered",
  "paid",
];

/**
 * Nothing of this request has left for the provider yet: no POST was ever written as leaving.
 * Only then may it be canceled, held, or sent back for approval; once a POST may have left, it
 * is followed to its end instead.
 */
export function nothingSentYet(row: { lastPostAt: Date | string | null; attempts: number }): boolean {
  return row.lastPostAt === null && row.attempts === 0;
}

export function isTransferState(value: unknown): value is TransferState {
  return typeof value === "string" && (TRANSFER_STATES as readonly string[]).includes(value);
}

export function canTransition(from: TransferState, to: TransferState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isFinal(state: TransferState): boolean {
  return FINAL_STATES.includes(state);
}

/** The engine has nothing more to send or read back (its claim and lease are cleared). */
export function isEngineDone(state: TransferState): boolean {
  return state === "registered" || isFinal(state);
}
