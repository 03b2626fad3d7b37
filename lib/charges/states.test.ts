import { describe, expect, it } from "vitest";
import { CHARGE_STATES, canChargeTransition } from "./states";

describe("a charge's state machine", () => {
  it("moves from awaiting payment to paid, expired, withdrawn or error, and never out of paid or withdrawn", () => {
    for (const to of ["paid", "expired", "withdrawn", "error"] as const) expect(canChargeTransition("awaiting_payment", to)).toBe(true);
    for (const to of CHARGE_STATES) {
      expect(canChargeTransition("paid", to)).toBe(false);
      expect(canChargeTransition("withdrawn", to)).toBe(false);
    }
  });

  it("money that arrives is recorded even after the charge expired or was refused, but a person can only withdraw what awaits payment", () => {
    expect(canChargeTransition("expired", "paid")).toBe(true);
    expect(canChargeTransition("error", "paid")).toBe(true);
    expect(canChargeTransition("expired", "withdrawn")).toBe(false);
    expect(canChargeTransition("creating", "withdrawn")).toBe(false);
  });
});
