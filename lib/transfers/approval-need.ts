import { approvalsRequired, RECEIVER_WINDOW_HOURS, type ApprovalPolicy } from "./policy";
import { basisOf, type DestinationBasis } from "./destination";

/**
 * How many approvals a transfer needs, and why (client-safe, pure): the policy's tier of its
 * amount (a series: every occurrence together), or of what its maker sends its destination over
 * the window, whichever asks for more (lib/transfers/server/receiver-window.ts sums the window). Stored
 * with the request (`approval_need`), so the policy in force later is applied to the same sums
 * (requiredApprovals): a tightened policy applies to what already waits.
 */
export type ApprovalNeed = {
  /** Distinct approvals needed. */
  approvals: number;
  /** What the amount alone would need. */
  by_amount: number;
  /** The amount the tiers were applied to: the transfer, a series' total, a batch's total. */
  amount_cents: number;
  /** The maker's sum to this destination in the window, this transfer included (the highest destination's). */
  window_sum_cents: number;
  /** Which destination that sum is kept for: the document, the Pix key or the bank account. */
  window_basis: DestinationBasis;
  /** That destination's key (lib/transfers/destination.ts), when it is a Pix key or an account. */
  window_key: string | null;
  window_hours: number;
  /** True when the window's sum asks for more approvals than the amount alone. */
  window_applies: boolean;
};

/** What the window already holds for a transfer's destinations. */
export type EarlierSums = { document: number; key: number; destinationKey: string | null };

/**
 * The approvals `cents` needs given what is already in the window for its document and its
 * destination key: the highest of the two sums counts. `prefer` "key" breaks a tie towards the key.
 */
export function approvalNeed(policy: ApprovalPolicy, cents: number, earlier: EarlierSums, prefer: "document" | "key" = "document"): ApprovalNeed {
  const byKey = earlier.destinationKey !== null && (earlier.key > earlier.document || (prefer === "key" && earlier.key === earlier.document));
  const sum = cents + (byKey ? earlier.key : earlier.document);
  const byAmount = approvalsRequired(policy, cents);
  const approvals = Math.max(byAmount, approvalsRequired(policy, sum));
  return {
    approvals,
    by_amount: byAmount,
    amount_cents: cents,
    window_sum_cents: sum,
    window_basis: byKey ? (basisOf(earlier.destinationKey) ?? "document") : "document",
    window_key: byKey ? earlier.destinationKey : null,
    window_hours: RECEIVER_WINDOW_HOURS,
    window_applies: approvals > byAmount,
  };
}

/**
 * The approvals a request needs under `policy` (the one in force now): its stored sums through
 * the policy's tiers, never fewer than it was made with.
 */
export function requiredApprovals(policy: ApprovalPolicy, request: { approvalsRequired: number; approvalNeed: unknown; valueCents: number }): number {
  // A request made before its sums were kept: its own amount.
  const need = asApprovalNeed(request.approvalNeed) ?? { amount_cents: request.valueCents, window_sum_cents: request.valueCents };
  const now = Math.max(approvalsRequired(policy, need.amount_cents), approvalsRequired(policy, need.window_sum_cents));
  return Math.max(request.approvalsRequired, now);
}

/** A stored `approval_need` read back, or null for a request made before it was kept. */
export function asApprovalNeed(value: unknown): Pick<ApprovalNeed, "amount_cents" | "window_sum_cents"> | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  return typeof v.amount_cents === "number" && typeof v.window_sum_cents === "number" ? { amount_cents: v.amount_cents, window_sum_cents: v.window_sum_cents } : null;
}
