import "@/lib/zod-config";
import { z } from "zod";
import { MAX_TRANSFER_CENTS } from "@/lib/contract/register";

/**
 * The approval policy (maker-checker): value tiers in cents, each with the number of distinct
 * approvers a request from that value on needs, and how long a request may wait for them.
 * Client-safe: the settings form and the server validate with the same schema.
 */
type ApprovalTier = { from_cents: number; approvals: number };
export type ApprovalPolicy = { tiers: ApprovalTier[]; expiry_hours: number };

/** Below R$ 1.000,00 none; from R$ 1.000,00 one; from R$ 10.000,00 two. 24 h to decide. */
export const DEFAULT_POLICY: ApprovalPolicy = {
  tiers: [
    { from_cents: 0, approvals: 0 },
    { from_cents: 100_000, approvals: 1 },
    { from_cents: 1_000_000, approvals: 2 },
  ],
  expiry_hours: 24,
};

/** The approval tiers apply to what one maker sends one receiver (by document) over this many hours. */
export const RECEIVER_WINDOW_HOURS = 24;

/** The most approvers a tier may ask for (there are rarely more checkers than this on a team). */
export const MAX_APPROVALS = 3;

/** Distinct approvals a transfer of `cents` needs: the tier with the highest start at or below it. */
export function approvalsRequired(policy: ApprovalPolicy, cents: number): number {
  let needed = 0;
  for (const tier of policy.tiers) if (cents >= tier.from_cents) needed = tier.approvals;
  return needed;
}

export const approvalPolicySchema = z
  .object({
    tiers: z
      .array(
        z.object({
          from_cents: z.number().int("validation.policy.wholeCents").min(0, "validation.policy.fromNegative").max(MAX_TRANSFER_CENTS, "validation.policy.fromTooHigh"),
          approvals: z.number().int().min(0, "validation.policy.approvalsRange").max(MAX_APPROVALS, "validation.policy.approvalsRange"),
        }),
      )
      .min(1, "validation.policy.noTiers")
      .max(10, "validation.policy.tooManyTiers"),
    expiry_hours: z.number().int().min(1, "validation.policy.expiryRange").max(24 * 30, "validation.policy.expiryRange"),
  })
  .superRefine((p, ctx) => {
    if (p.tiers[0] && p.tiers[0].from_cents !== 0) ctx.addIssue({ code: "custom", path: ["tiers", 0, "from_cents"], message: "validation.policy.firstFromZero" });
    for (let i = 1; i < p.tiers.length; i++) {
      if (p.tiers[i]!.from_cents <= p.tiers[i - 1]!.from_cents) {
        ctx.addIssue({ code: "custom", path: ["tiers", i, "from_cents"], message: "validation.policy.ascending" });
      }
    }
  });
