import { describe, expect, it } from "vitest";
import { scheduleDayProblem, sendInstant, seriesDays } from "./schedule";

const NOW = new Date("2026-11-25T23:30:00.000-03:00"); // late evening in Brazil, already the 26th in UTC

describe("scheduling rules", () => {
  it("from today (Brazil's today) up to 365 days ahead; the past and beyond are refused with words", () => {
    expect(scheduleDayProblem("2026-11-25", NOW)).toBeNull();
    expect(scheduleDayProblem("2026-11-24", NOW)).toBe("validation.schedule.past");
    expect(scheduleDayProblem("2027-11-25", NOW)).toBeNull();
    expect(scheduleDayProblem("2027-11-26", NOW)).toBe("validation.schedule.tooFar");
    expect(scheduleDayProblem("2026-02-30", NOW)).toBe("validation.schedule.notADay");
    expect(scheduleDayProblem("25/11/2026", NOW)).toBe("validation.schedule.notADay");
  });

  it("a monthly series on the 31st uses each month's last day", () => {
    expect(seriesDays("2027-01-31", { every: "month", count: 4 })).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]);
    expect(seriesDays("2028-01-31", { every: "month", count: 2 })).toEqual(["2028-01-31", "2028-02-29"]);
  });

  it("a weekly series until a day; never more than the limits", () => {
    expect(seriesDays("2026-12-01", { every: "week", until: "2026-12-22" })).toEqual(["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22"]);
    expect(seriesDays("2026-12-01", { every: "month", until: "2030-01-01" })).toHaveLength(13);
    expect(seriesDays("2026-12-01", { every: "week", count: 500 })).toHaveLength(53);
  });

  it("a scheduled day goes out at the send time, Brazil time", () => {
    expect(sendInstant("2026-12-01", "08:00").toISOString()).toBe("2026-12-01T11:00:00.000Z");
  });
});
