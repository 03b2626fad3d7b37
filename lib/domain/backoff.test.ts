import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

describe("backoffDelay", () => {
  it("doubles from the base and stops at the cap", () => {
    expect([1, 2, 3, 4, 50].map((a) => backoffDelay(a, { base: 100, cap: 500 }))).toEqual([100, 200, 400, 500, 500]);
  });
  it("with jitter, draws between half and all of the wait", () => {
    expect(backoffDelay(3, { base: 100, cap: 10_000, jitter: true, random: () => 0 })).toBe(200);
    expect(backoffDelay(3, { base: 100, cap: 10_000, jitter: true, random: () => 0.999999 })).toBeCloseTo(400, 3);
  });
});
