import { describe, expect, it } from "vitest";
import { requestExpiry } from "./deadlines";

describe("when a request stops waiting for approval", () => {
  const now = new Date("2026-12-02T12:00:00Z");
  it("the policy's expiry from now", () => {
    expect(requestExpiry({ expiry_hours: 24 }, now)).toEqual(new Date("2026-12-03T12:00:00Z"));
  });
  it("never after its first send instant (kills: an expiry not capped at the first send)", () => {
    const firstSend = new Date("2026-12-03T11:00:00Z");
    expect(requestExpiry({ expiry_hours: 72 }, now, firstSend)).toEqual(firstSend);
    expect(requestExpiry({ expiry_hours: 12 }, now, firstSend)).toEqual(new Date("2026-12-03T00:00:00Z"));
  });
});
