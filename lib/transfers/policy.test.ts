import { describe, expect, it } from "vitest";
import { approvalPolicySchema, approvalsRequired, DEFAULT_POLICY } from "./policy";

describe("the approval policy", () => {
  it.each([
    [1, 0],
    [99_999, 0],
    [100_000, 1],
    [100_001, 1],
    [999_999, 1],
    [1_000_000, 2],
    [100_000_000, 2],
  ])("by default a transfer of %i cents needs %i approvals (tiers start exactly at R$ 1.000,00 and R$ 10.000,00)", (cents, needed) => {
    expect(approvalsRequired(DEFAULT_POLICY, cents)).toBe(needed);
  });

  it("takes the tier with the highest start at or below the amount, whatever the count", () => {
    const policy = { tiers: [{ from_cents: 0, approvals: 1 }, { from_cents: 50_000, approvals: 3 }], expiry_hours: 1 };
    expect(approvalsRequired(policy, 49_999)).toBe(1);
    expect(approvalsRequired(policy, 50_000)).toBe(3);
  });

  it("refuses a policy that starts above zero, goes down, asks for too many approvers or never expires", () => {
    const issues = (value: unknown) => approvalPolicySchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
    expect(issues(DEFAULT_POLICY)).toEqual([]);
    expect(issues({ tiers: [{ from_cents: 100, approvals: 0 }], expiry_hours: 24 })).toEqual(["validation.policy.firstFromZero"]);
    expect(issues({ tiers: [{ from_cents: 0, approvals: 0 }, { from_cents: 0, approvals: 1 }], expiry_hours: 24 })).toEqual(["validation.policy.ascending"]);
    expect(issues({ tiers: [{ from_cents: 0, approvals: 4 }], expiry_hours: 24 })).toEqual(["validation.policy.approvalsRange"]);
    expect(issues({ tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 0 })).toEqual(["validation.policy.expiryRange"]);
    expect(issues({ tiers: [], expiry_hours: 24 })).toEqual(["validation.policy.noTiers"]);
  });
});
