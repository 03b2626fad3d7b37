import { describe, expect, it } from "vitest";
import { periodBalances } from "./balances";

describe("periodBalances", () => {
  it("takes back what moved since the period ended, then what moved in it", () => {
    // Now R$ 10.000,00; since the end R$ 500,00 in and R$ 2.000,00 out; in the period R$ 3.000,00 in, R$ 1.000,00 out.
    expect(periodBalances(1_000_000, { in_cents: 300_000, out_cents: 100_000 }, { in_cents: 50_000, out_cents: 200_000 })).toEqual({
      closing_cents: 1_150_000,
      opening_cents: 950_000,
    });
  });

  it("a period ending now closes at the balance now", () => {
    expect(periodBalances(12_345, { in_cents: 10_000, out_cents: 0 }, { in_cents: 0, out_cents: 0 })).toEqual({ closing_cents: 12_345, opening_cents: 2_345 });
  });

  it("can open below zero when the money out came in later (what the numbers say, not clamped)", () => {
    expect(periodBalances(0, { in_cents: 0, out_cents: 5_000 }, { in_cents: 0, out_cents: 0 }).opening_cents).toBe(5_000);
    expect(periodBalances(0, { in_cents: 5_000, out_cents: 0 }, { in_cents: 0, out_cents: 0 }).opening_cents).toBe(-5_000);
  });
});
