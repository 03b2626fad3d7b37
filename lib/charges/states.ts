/**
 * A charge's state machine (client-safe: pages read the same table).
 *
 *   creating         -> awaiting_payment (the provider made the QR code or link) | error (it refused)
 *   awaiting_payment -> paid | expired (the due day ended unpaid) | withdrawn (a person) | error
 *   expired, error   -> paid (the provider's record says paid: money that arrived is never denied)
 *   withdrawn        -> (final; a payment that still arrives is recorded and flagged "needs attention")
 *
 * The provider has no cancel call: `withdrawn` is ours only, and the QR code may still be paid.
 * Every change goes through lib/charges/transition.ts, which refuses what this table does not allow;
 * the database refuses unknown state names (a CHECK constraint).
 */
export const CHARGE_STATES = ["creating", "awaiting_payment", "paid", "expired", "error", "withdrawn"] as const;
export type ChargeState = (typeof CHARGE_STATES)[number];

const TRANSITIONS: Record<ChargeState, readonly ChargeState[]> = {
  creating: ["awaiting_payment", "error", "paid"],
  awaiting_payment: ["paid", "expired", "withdrawn", "error"],
  expired: ["paid"],
  error: ["paid"],
  paid: [],
  withdrawn: [],
};

export function canChargeTransition(from: ChargeState, to: ChargeState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function isChargeState(value: unknown): value is ChargeState {
  return typeof value === "string" && (CHARGE_STATES as readonly string[]).includes(value);
}

/** States in which money may still come in: what the cash position counts as expected. */
export const OPEN_CHARGE_STATES: readonly ChargeState[] = ["creating", "awaiting_payment"];

/** Why a charge needs a person, each worded in `charges.attention`. */
export const CHARGE_ATTENTION = ["paid_after_withdrawal"] as const;
export type ChargeAttention = (typeof CHARGE_ATTENTION)[number];

export const CHARGE_KINDS = ["qrcode", "link"] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];
