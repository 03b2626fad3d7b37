import { describe, expect, it } from "vitest";
import {
  addCalendarDays,
  BucketRangeError,
  countBuckets,
  INSIGHTS_LIMITS,
  isCalendarDay,
  makeBuckets,
  mondayOf,
  wholeRangeBucket,
} from "./buckets";
import { brazilDayKey, parseListParam } from "@/lib/pix/time";

describe("daily buckets", () => {
  it("give one Brazil day per bucket, bounds in list-param format, both ends inclusive", () => {
    expect(makeBuckets("2026-03-30", "2026-04-02", "day")).toEqual([
      { key: "2026-03-30", start: "2026-03-30T00:00:00", end: "2026-03-30T23:59:59", days: 1 },
      { key: "2026-03-31", start: "2026-03-31T00:00:00", end: "2026-03-31T23:59:59", days: 1 },
      { key: "2026-04-01", start: "2026-04-01T00:00:00", end: "2026-04-01T23:59:59", days: 1 },
      { key: "2026-04-02", start: "2026-04-02T00:00:00", end: "2026-04-02T23:59:59", days: 1 },
    ]);
  });

  it("cross month and year edges, leap days included", () => {
    expect(makeBuckets("2028-02-28", "2028-03-01", "day").map((b) => b.key)).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(makeBuckets("2027-02-28", "2027-03-01", "day").map((b) => b.key)).toEqual(["2027-02-28", "2027-03-01"]);
    expect(makeBuckets("2026-12-31", "2027-01-01", "day").map((b) => b.start)).toEqual(["2026-12-31T00:00:00", "2027-01-01T00:00:00"]);
  });

  it("tile the range: each bucket starts the second after the previous one ends", () => {
    const buckets = makeBuckets("2026-01-15", "2026-03-15", "day");
    expect(buckets[0]?.start).toBe("2026-01-15T00:00:00");
    expect(buckets.at(-1)?.end).toBe("2026-03-15T23:59:59");
    for (let i = 1; i < buckets.length; i += 1) {
      expect(buckets[i]?.start).toBe(`${addCalendarDays(buckets[i - 1]!.key, 1)}T00:00:00`);
    }
    expect(buckets.reduce((sum, b) => sum + b.days, 0)).toBe(60);
  });

  it("never pass through the machine's time zone (same answer in any TZ)", () => {
    // Calendar arithmetic on day strings: 2026-03-01 stays 2026-03-01 wherever the server runs.
    const previous = process.env.TZ;
    try {
      process.env.TZ = "Asia/Tokyo";
      const tokyo = makeBuckets("2026-02-27", "2026-03-02", "day");
      process.env.TZ = "America/Los_Angeles";
      expect(makeBuckets("2026-02-27", "2026-03-02", "day")).toEqual(tokyo);
    } finally {
      process.env.TZ = previous;
    }
  });
});

describe("the 93-bucket limit", () => {
  it("accepts exactly 93 days by day", () => {
    const to = addCalendarDays("2026-01-01", INSIGHTS_LIMITS.maxDailyBuckets - 1);
    expect(makeBuckets("2026-01-01", to, "day")).toHaveLength(93);
  });

  it("refuses 94 days by day with a message that suggests weekly", () => {
    const to = addCalendarDays("2026-01-01", 93);
    expect(() => makeBuckets("2026-01-01", to, "day")).toThrow(BucketRangeError);
    expect(() => makeBuckets("2026-01-01", to, "day")).toThrow(/94 days is too long to show by day.*group by week/);
    expect(makeBuckets("2026-01-01", to, "week").length).toBeLessThanOrEqual(15);
  });

  it("caps weekly buckets too (about a year)", () => {
    expect(makeBuckets("2026-01-01", "2026-12-31", "week")).toHaveLength(53);
    let error: unknown;
    try {
      makeBuckets("2026-01-01", "2027-06-30", "week");
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(BucketRangeError);
    expect((error as BucketRangeError).field).toBe("group_by");
    expect((error as Error).message).toMatch(/weeks is too long to show by week/);
  });
});

describe("weekly buckets", () => {
  it("start on Monday", () => {
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // a Sunday belongs to the week before
    expect(mondayOf("2026-11-23")).toBe("2026-11-23"); // a Monday is its own start
    expect(mondayOf("2026-03-01")).toBe("2026-02-23"); // across a month edge
    expect(mondayOf("2027-01-01")).toBe("2026-12-28"); // across a year edge
  });

  it("are clipped to the range at both ends and tile it", () => {
    // 2026-04-01 is a Wednesday, 2026-04-30 a Thursday.
    const weeks = makeBuckets("2026-04-01", "2026-04-30", "week");
    expect(weeks).toEqual([
      { key: "2026-04-01", start: "2026-04-01T00:00:00", end: "2026-04-05T23:59:59", days: 5 },
      { key: "2026-04-06", start: "2026-04-06T00:00:00", end: "2026-04-12T23:59:59", days: 7 },
      { key: "2026-04-13", start: "2026-04-13T00:00:00", end: "2026-04-19T23:59:59", days: 7 },
      { key: "2026-04-20", start: "2026-04-20T00:00:00", end: "2026-04-26T23:59:59", days: 7 },
      { key: "2026-04-27", start: "2026-04-27T00:00:00", end: "2026-04-30T23:59:59", days: 4 },
    ]);
    expect(countBuckets("2026-04-01", "2026-04-30", "week")).toBe(5);
  });

  it("span a month edge inside one week", () => {
    const weeks = makeBuckets("2026-01-26", "2026-02-08", "week");
    expect(weeks.map((w) => [w.start, w.end])).toEqual([
      ["2026-01-26T00:00:00", "2026-02-01T23:59:59"],
      ["2026-02-02T00:00:00", "2026-02-08T23:59:59"],
    ]);
  });

  it("give one clipped bucket for a single day", () => {
    expect(makeBuckets("2026-11-22", "2026-11-22", "week")).toEqual([
      { key: "2026-11-22", start: "2026-11-22T00:00:00", end: "2026-11-22T23:59:59", days: 1 },
    ]);
  });
});

describe("range checks", () => {
  it("refuse impossible dates and reversed ranges, naming the field", () => {
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-1-01")).toBe(false);
    expect(() => makeBuckets("2026-02-30", "2026-03-01", "day")).toThrow(/not a date/);
    const reversed = (() => {
      try {
        makeBuckets("2026-03-02", "2026-03-01", "day");
      } catch (err) {
        return err as BucketRangeError;
      }
    })();
    expect(reversed?.field).toBe("to");
    expect(reversed?.message).toMatch(/starts \(2026-03-02\) after it ends/);
  });

  it("cover the whole range in one bucket for grouping by status", () => {
    expect(wholeRangeBucket("2026-10-24", "2026-11-22")).toEqual({
      key: "2026-10-24",
      start: "2026-10-24T00:00:00",
      end: "2026-11-22T23:59:59",
      days: 30,
    });
    expect(() => wholeRangeBucket("2020-01-01", "2026-01-01")).toThrow(/at most 731 days/);
  });
});

describe("bucket bounds as instants in America/Sao_Paulo", () => {
  const instant = (listParam: string) => parseListParam(listParam)?.toISOString();

  it("a Brazil day runs from 03:00Z to 02:59:59Z the next UTC day (UTC-03:00), across a month edge", () => {
    const [jan31] = makeBuckets("2026-01-31", "2026-01-31", "day");
    expect(instant(jan31!.start)).toBe("2026-01-31T03:00:00.000Z");
    expect(instant(jan31!.end)).toBe("2026-02-01T02:59:59.000Z");
    // A payment at 23:30 on 31 January in Brazil is already 1 February in UTC: it is January's.
    const lateJanuary = new Date("2026-02-01T02:30:00Z");
    expect(brazilDayKey(lateJanuary)).toBe(jan31!.key);
    expect(brazilDayKey(new Date("2026-02-01T03:00:00Z"))).toBe("2026-02-01");
  });

  it("uses the offset of the date itself (UTC-02:00 in the summers before 2019)", () => {
    const [summer] = makeBuckets("2018-01-15", "2018-01-15", "day");
    expect(instant(summer!.start)).toBe("2018-01-15T02:00:00.000Z");
  });

  it("tiles time with no gap even across an old daylight-saving change", () => {
    // 2018-11-04 00:00 did not exist in Brazil (clocks jumped to 01:00 -02:00).
    const days = makeBuckets("2018-11-03", "2018-11-05", "day");
    for (let i = 1; i < days.length; i += 1) {
      const previousEnd = parseListParam(days[i - 1]!.end)!.getTime();
      expect(parseListParam(days[i]!.start)!.getTime()).toBe(previousEnd + 1000);
    }
  });
});
