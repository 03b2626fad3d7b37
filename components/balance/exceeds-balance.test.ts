import { describe, expect, it } from "vitest";
import { exceedsBalance } from "./exceeds-balance";

describe("exceedsBalance", () => {
  it("flags an amount above the available balance, not one equal to it or below", () => {
    const balance = { available_cents: 10_000 };
    expect(exceedsBalance(10_001, balance)).toBe(true);
    expect(exceedsBalance(10_000, balance)).toBe(false);
    expect(exceedsBalance(1, balance)).toBe(false);
  });

  it("never flags against an unknown balance (loading or unavailable): the provider decides", () => {
    expect(exceedsBalance(1_000_000, undefined)).toBe(false);
    expect(exceedsBalance(1_000_000, null)).toBe(false);
    expect(exceedsBalance(1_000_000, { available_cents: Number.NaN })).toBe(false);
  });

  it("a zero or negative available balance flags any positive amount", () => {
    expect(exceedsBalance(1, { available_cents: 0 })).toBe(true);
    expect(exceedsBalance(1, { available_cents: -500 })).toBe(true);
  });
});
