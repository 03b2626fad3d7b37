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
    ["zero approvals everywhere (issue 29)", P([[0, 0]]), true],
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
  it.each<[string, Parameters<typeof userChangeNeedsSecondAdmin>[0], string, boolean]>([
    ["viewer -> approver", { role: "approver" }, "viewer", true],
    ["viewer -> operator", { role: "operator" }, "viewer", true],
    ["support -> admin", { role: "admin" }, "support", true],
    ["approver -> admin", { role: "admin" }, "approver", true],
    ["approver -> viewer (taking away)", { role: "viewer" }, "approver", false],
    ["viewer -> support (no money)", { role: "support" }, "viewer", false],
    ["approver -> approver (nothing changes)", { role: "approver" }, "approver", false],
    ["password link for an approver", { newPasswordLink: true }, "approver", true],
    ["password link for a viewer", { newPasswordLink: true }, "viewer", false],
    ["second factor reset for an admin", { resetSecondFactor: true }, "admin", true],
    ["second factor reset for support", { resetSecondFactor: true }, "support", false],
    ["deactivate an admin", { deactivated: true }, "admin", false],
    ["reactivate an approver", { deactivated: false }, "approver", false],
    ["end an operator's sessions", { endSessions: true }, "operator", false],
  ])("%s -> waits: %s", (_what, change, role, waits) => {
    expect(userChangeNeedsSecondAdmin(change, { role: role as never })).toBe(waits);
  });
});
