import { describe, expect, it } from "vitest";
import { chargeExpiresAt, dueDateProblem, expirationSeconds } from "./due-date";

// 2026-12-02 10:00 in Brazil (UTC-3).
const NOW = new Date("2026-12-02T13:00:00Z");

describe("a charge's due date", () => {
  it("is a real Brazil day from today up to a year ahead", () => {
    expect(dueDateProblem("2026-12-02", NOW)).toBeNull();
    expect(dueDateProblem("2027-12-01", NOW)).toBeNull();
    expect(dueDateProblem("2026-12-01", NOW)).toBe("validation.charge.duePast");
    expect(dueDateProblem("2027-12-03", NOW)).toBe("validation.charge.dueTooFar");
    expect(dueDateProblem("2027-02-29", NOW)).toBe("validation.charge.dueNotADay");
    expect(dueDateProblem("02/12/2026", NOW)).toBe("validation.charge.dueNotADay");
  });

  it("today in Brazil is still today at 23:30 there, though it is tomorrow in UTC", () => {
    const lateEvening = new Date("2026-12-03T02:30:00Z"); // 02/12 23:30 in Brazil
    expect(dueDateProblem("2026-12-02", lateEvening)).toBeNull();
  });

  it("ends at 23:59:59 of the due day, Brazil time, and the provider's expiration_time counts the seconds to it", () => {
    expect(chargeExpiresAt("2026-12-02").toISOString()).toBe("2026-12-03T02:59:59.000Z");
    expect(expirationSeconds("2026-12-02", NOW)).toBe(13 * 3_600 + 59 * 60 + 59);
    expect(expirationSeconds("2026-12-03", NOW)).toBe(37 * 3_600 + 59 * 60 + 59);
    // Made in the last second of its day, it still gets a second, never zero or less.
    expect(expirationSeconds("2026-12-02", new Date("2026-12-03T02:59:59.500Z"))).toBe(1);
  });
});
