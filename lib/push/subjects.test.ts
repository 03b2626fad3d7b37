import { describe, expect, it } from "vitest";
import { pushMayFollow } from "./subjects";

/** Which transfer changes put a push job in: every job costs the queue a fetch and a few reads. */
describe("pushMayFollow", () => {
  it("a request made waiting for approval (alone, or a batch's rows announced as one): approvers are told", () => {
    expect(pushMayFollow({ state: "awaiting_approval", created: true })).toBe(true);
  });

  it("a request made with nothing to wait for (approved, or scheduled for its day): no approver was ever told, nothing to replace", () => {
    expect(pushMayFollow({ state: "approved", created: true })).toBe(false);
    expect(pushMayFollow({ state: "scheduled", created: true })).toBe(false);
  });

  it("a later decision on a request (approved, scheduled, rejected, canceled, expired) may replace what approvers were told", () => {
    for (const state of ["awaiting_approval", "approved", "scheduled", "rejected", "canceled", "expired"]) {
      expect(pushMayFollow({ state, created: false }), state).toBe(true);
    }
  });

  it("the engine's moves (submitting, registered, paid, failed...) never push", () => {
    for (const state of ["submitting", "registered", "paid", "failed", "held", "outcome_unknown"]) {
      expect(pushMayFollow({ state, created: false }), state).toBe(false);
    }
  });
});
