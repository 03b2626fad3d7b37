/**
 * Checked again at the moment money moves (client-safe, pure): a request approved yesterday for
 * today is sent by the world as it is today. Just before a request that never left is sent (a
 * payable's day, a series' occurrence, a batch row, a retry), and whenever what it relied on
 * changes (the policy, a person's role or account, a token), its facts are read again
 * (lib/transfers/server/send-check-store.ts) and this rule says what becomes of it:
 * - `hold`: its maker or submitter was deactivated (or the service account is gone), or the token
 *   it was made with was revoked or expired: held under "needs attention" with the reason;
 * - `reapprove`: fewer approvals still count than the policy in force now asks for (an approver
 *   lost `approve`, was deactivated, or has become one of its makers; the policy was tightened):
 *   back to awaiting approval, the approvals that no longer count voided;
 * - `send`: everything still holds.
 */

export const HOLD_REASONS = ["maker_inactive", "submitter_inactive", "token_invalid", "insufficient_balance"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const VOID_REASONS = ["inactive", "no_longer_approver", "acted_as_maker"] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

export type SendFacts = {
  /** The maker's account is active (a person not deactivated; a service account that exists). */
  makerActive: boolean;
  /** The submitter's account is active (null: none besides the maker). */
  submitterActive: boolean | null;
  /** The token it was made with is still valid (null: not made with a token). */
  tokenValid: boolean | null;
  /** Its approvals that still count so far. */
  approvals: ReadonlyArray<{ id: number; approverActive: boolean; mayApprove: boolean; actedAsMaker: boolean }>;
  /** Approvals the policy in force now asks for (lib/transfers/approval-need.ts requiredApprovals). */
  required: number;
};

export type SendVerdict =
  | { kind: "send" }
  | { kind: "hold"; reasons: HoldReason[] }
  | { kind: "reapprove"; required: number; counting: number; voided: Array<{ id: number; reason: VoidReason }> };

export function sendVerdict(f: SendFacts): SendVerdict {
  const reasons: HoldReason[] = [];
  if (!f.makerActive) reasons.push("maker_inactive");
  if (f.submitterActive === false) reasons.push("submitter_inactive");
  if (f.tokenValid === false) reasons.push("token_invalid");
  if (reasons.length) return { kind: "hold", reasons };
  const voided = f.approvals.flatMap((a) => {
    const reason = voidReason(a);
    return reason ? [{ id: a.id, reason }] : [];
  });
  const counting = f.approvals.length - voided.length;
  if (counting < f.required) return { kind: "reapprove", required: f.required, counting, voided };
  return { kind: "send" };
}

/** Why an approval no longer counts, or null. */
export function voidReason(a: { approverActive: boolean; mayApprove: boolean; actedAsMaker: boolean }): VoidReason | null {
  if (!a.approverActive) return "inactive";
  if (!a.mayApprove) return "no_longer_approver";
  if (a.actedAsMaker) return "acted_as_maker";
  return null;
}
