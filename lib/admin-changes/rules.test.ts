import { describe, expect, it } from "vitest";
import { DEFAULT_POLICY, type ApprovalPolicy } from "@/lib/transfers/policy";
import { policyWeakens, userChangeNeedsSecondAdmin } from "./rules";

// In force: below R$ 1.000 none, from R$ 1.000 one, from R$ 10.000 two; 24 h.
const P = (tiers: [number, number][], expiry_hours = 24): ApprovalPolicy => ({ tiers: tiers.map(([from_cents, approvals]) => ({ from_cents, approvals })), expiry_hours });
const IN_FORCE = P([
  [0, 0],
  [100_000, 1],
  [1_000_000, 2],
]);

describe("policyWeakens: the exact rule, one row per kind of change", () => {
  it.each<[string, ApprovalPolicy, boolean]>([
    ["the same policy", IN_FORCE, false],
    ["zero approvals everywhere", P([[0, 0]]), true],
    ["a tier removed (no R$ 10.000 tier: 1 approval up there)", P([[0, 0], [100_000, 1]]), true],
    ["a threshold raised (one approval from R$ 2.000)", P([[0, 0], [200_000, 1], [1_000_000, 2]]), true],
    ["a count lowered (one approval from R$ 10.000)", P([[0, 0], [100_000, 1], [1_000_000, 1]]), true],
    ["a longer expiry (48 h)", P([[0, 0], [100_000, 1], [1_000_000, 2]], 48), true],
    ["a threshold lowered (one approval from R$ 500)", P([[0, 0], [50_000, 1], [1_000_000, 2]]), false],
    ["a count raised (three from R$ 10.000)", P([[0, 0], [100_000, 1], [1_000_000, 3]]), false],
    ["a tier added (two from R$ 5.000)", P([[0, 0], [100_000, 1], [500_000, 2], [1_000_000, 2]]), false],
    ["a shorter expiry (12 h)", P([[0, 0], [100_000, 1], [1_000_000, 2]], 12), false],
    ["one approval for everything (stricter below R$ 1.000, looser above R$ 10.000)", P([[0, 1]]), true],
    ["stricter low, looser high: weakens as a whole", P([[0, 1], [100_000, 1], [1_000_000, 1]]), true],
    ["the tiers written differently but meaning the same", P([[0, 0], [100_000, 1], [500_000, 1], [1_000_000, 2]]), false],
  ])("%s -> weakens: %s", (_what, proposed, weakens) => {
    expect(policyWeakens(IN_FORCE, proposed)).toBe(weakens);
  });

  it("the default policy weakened to nothing, and back: only the loosening waits", () => {
    expect(policyWeakens(DEFAULT_POLICY, P([[0, 0]], DEFAULT_POLICY.expiry_hours))).toBe(true);
    expect(policyWeakens(P([[0, 0]], DEFAULT_POLICY.expiry_hours), DEFAULT_POLICY)).toBe(false);
  });
});

describe("userChangeNeedsSecondAdmin", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  it.each<[string, Parameters<typeof userChangeNeedsSecondAdmin>[0], string, Date | null, boolean]>([
    ["viewer -> approver", { role: "approver" }, "viewer", null, true],
    ["viewer -> operator", { role: "operator" }, "viewer", null, true],
    ["support -> admin", { role: "admin" }, "support", null, true],
    ["approver -> admin", { role: "admin" }, "approver", null, true],
    ["approver -> viewer (taking away)", { role: "viewer" }, "approver", null, false],
    ["viewer -> support (no money)", { role: "support" }, "viewer", null, false],
    ["approver -> approver (nothing changes)", { role: "approver" }, "approver", null, false],
    ["password link for an approver", { newPasswordLink: true }, "approver", null, true],
    ["password link for a viewer who never held a money role", { newPasswordLink: true }, "viewer", null, false],
    ["password link for a viewer who was an approver 3 days ago", { newPasswordLink: true }, "viewer", daysAgo(3), true],
    ["password link for a viewer who was an approver 29 days ago", { newPasswordLink: true }, "viewer", daysAgo(29), true],
    ["password link for a viewer who was an approver 31 days ago", { newPasswordLink: true }, "viewer", daysAgo(31), false],
    ["second factor reset for an admin", { resetSecondFactor: true }, "admin", null, true],
    ["second factor reset for support", { resetSecondFactor: true }, "support", null, false],
    ["second factor reset for support demoted from operator yesterday", { resetSecondFactor: true }, "support", daysAgo(1), true],
    ["deactivate an admin", { deactivated: true }, "admin", null, false],
    ["reactivate an approver", { deactivated: false }, "approver", null, true],
    ["reactivate an operator", { deactivated: false }, "operator", null, true],
    ["reactivate a viewer", { deactivated: false }, "viewer", null, false],
    ["reactivate a viewer demoted from admin a week ago", { deactivated: false }, "viewer", daysAgo(7), true],
    ["end an operator's sessions", { endSessions: true }, "operator", null, false],
  ])("%s -> waits: %s", (_what, change, role, moneyRoleUntil, waits) => {
    expect(userChangeNeedsSecondAdmin(change, { role: role as never, moneyRoleUntil }, now)).toBe(waits);
  });
});
