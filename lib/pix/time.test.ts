import { TZDate } from "@date-fns/tz";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BRAZIL_TZ,
  addBrazilDays,
  brazilDayKey,
  brazilWallClock,
  brazilOffsetLabel,
  endOfBrazilDay,
  formatBrazilDate,
  formatBrazilDateTime,
  formatListParam,
  formatProviderDateTime,
  parseListParam,
  parseProviderDateTime,
  startOfBrazilDay,
  startOfBrazilMonth,
  startOfBrazilWeek,
} from "./time";

// Expected offsets cross-checked with Python's zoneinfo (IANA data): Brazil kept -03:00 since
// 2019 and used -02:00 in the 2018/19 summer (4 Nov 2018 to 17 Feb 2019).
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe("formatting an instant in Brazil time", () => {
  it("writes the provider format with the offset", () => {
    const d = new Date("2026-11-21T12:15:02.123Z");
    expect(BRAZIL_TZ).toBe("America/Sao_Paulo");
    expect(formatProviderDateTime(d)).toBe("2026-11-21T09:15:02.123-03:00");
    expect(formatListParam(d)).toBe("2026-11-21T09:15:02");
    expect(formatBrazilDateTime(d)).toBe("21/11/2026 09:15:02");
    expect(formatBrazilDate(d)).toBe("21/11/2026");
    expect(brazilOffsetLabel(d)).toBe("UTC\u221203:00");
  });

  it("uses the historical daylight-saving offset", () => {
    const summer = new Date("2018-12-01T12:00:00Z");
    expect(formatProviderDateTime(summer)).toBe("2018-12-01T10:00:00.000-02:00");
    expect(brazilOffsetLabel(summer)).toBe("UTC\u221202:00");
    expect(formatProviderDateTime(new Date("2018-07-01T12:00:00Z"))).toBe("2018-07-01T09:00:00.000-03:00");
  });

  it("puts 02:30 UTC on the previous Brazil day", () => {
    const d = new Date("2026-11-22T02:30:00Z");
    expect(brazilDayKey(d)).toBe("2026-11-21");
    expect(formatBrazilDateTime(d)).toBe("21/11/2026 23:30:00");
    expect(brazilDayKey(new Date("2026-11-22T03:00:00Z"))).toBe("2026-11-22");
  });

  it("formats provider strings, ISO strings, and leaves unreadable ones alone", () => {
    expect(formatBrazilDateTime("2026-11-21T09:15:02.123-03:00")).toBe("21/11/2026 09:15:02");
    expect(formatBrazilDateTime("2026-11-21T12:15:02Z")).toBe("21/11/2026 09:15:02");
    expect(formatBrazilDate("2026-01-01T01:00:00Z")).toBe("31/12/2025");
    expect(formatBrazilDateTime("garbage")).toBe("garbage");
    expect(formatBrazilDateTime(new Date(Number.NaN))).toBe("—");
  });
});

describe("parseListParam", () => {
  it("reads the wall clock in Brazil time", () => {
    expect(iso(parseListParam("2026-11-21T09:15:02"))).toBe("2026-11-21T12:15:02.000Z");
    expect(iso(parseListParam("2026-11-21T23:59:59"))).toBe("2026-11-22T02:59:59.000Z");
    expect(iso(parseListParam("2019-01-10T12:00:00"))).toBe("2019-01-10T14:00:00.000Z");
    expect(iso(parseListParam("2024-02-29T00:00:00"))).toBe("2024-02-29T03:00:00.000Z");
  });

  it.each([
    "2026-13-01T00:00:00",
    "2026-00-10T00:00:00",
    "2026-02-30T00:00:00",
    "2023-02-29T00:00:00",
    "2026-04-31T00:00:00",
    "2026-11-21T24:00:00",
    "2026-11-21T10:60:00",
    "2026-11-21T10:00:60",
    "2026-11-21 09:15:02",
    "2026-11-21T09:15:02Z",
    "2026-11-21T09:15:02.000",
    "2026-11-21",
    "0099-11-21T09:15:02",
    "",
  ])("returns null for %j", (s) => {
    expect(parseListParam(s)).toBeNull();
  });

  it("round-trips with formatListParam", () => {
    for (const s of ["2026-01-01T00:00:00", "2025-12-31T23:59:59", "2024-02-29T12:34:56", "2018-12-01T10:00:00"]) {
      expect(formatListParam(parseListParam(s) as Date)).toBe(s);
    }
  });

  it("moves a time skipped by daylight saving forward an hour", () => {
    // 2018-11-04 00:00-00:59 did not exist in São Paulo.
    const skipped = parseListParam("2018-11-04T00:30:00");
    expect(iso(skipped)).toBe("2018-11-04T03:30:00.000Z");
    expect(formatProviderDateTime(skipped as Date)).toBe("2018-11-04T01:30:00.000-02:00");
  });
});

describe("parseProviderDateTime", () => {
  it.each([
    ["2026-11-21T09:15:02.123-03:00", "2026-11-21T12:15:02.123Z"],
    ["2026-11-21T09:15:02-03:00", "2026-11-21T12:15:02.000Z"],
    ["2026-11-21T12:15:02.123Z", "2026-11-21T12:15:02.123Z"],
    ["2026-11-21T12:15:02.123+0000", "2026-11-21T12:15:02.123Z"],
    ["2026-11-21T14:15:02+02:00", "2026-11-21T12:15:02.000Z"],
    ["2026-11-21T09:15:02.1234567-03:00", "2026-11-21T12:15:02.123Z"],
    ["2026-11-21T09:15:02.5-03:00", "2026-11-21T12:15:02.500Z"],
    ["2026-11-21 09:15:02", "2026-11-21T12:15:02.000Z"],
    ["2018-12-01T10:00:00", "2018-12-01T12:00:00.000Z"],
  ])("%s -> %s", (s, expected) => {
    expect(iso(parseProviderDateTime(s))).toBe(expected);
  });

  it.each(["", "yesterday", "2026-11-21", "2026-02-30T09:15:02-03:00", "2026-11-21T09:15:02-15:00", "2026-11-21T09:15:02-03:75"])(
    "returns null for %j",
    (s) => {
      expect(parseProviderDateTime(s)).toBeNull();
    },
  );

  it("round-trips with formatProviderDateTime", () => {
    for (const t of ["2026-11-21T12:15:02.123Z", "2018-12-01T12:00:00.001Z", "2027-01-01T02:59:59.999Z"]) {
      const d = new Date(t);
      expect(iso(parseProviderDateTime(formatProviderDateTime(d)))).toBe(t);
    }
  });
});

describe("Brazil day, week and month boundaries", () => {
  it("starts and ends the Brazil day, not the UTC day", () => {
    const lateEvening = new Date("2026-11-22T02:30:00Z"); // 21 Nov, 23:30 in Brazil
    expect(iso(startOfBrazilDay(lateEvening))).toBe("2026-11-21T03:00:00.000Z");
    expect(iso(endOfBrazilDay(lateEvening))).toBe("2026-11-22T02:59:59.999Z");
    expect(formatListParam(endOfBrazilDay(lateEvening))).toBe("2026-11-21T23:59:59");
  });

  it("starts a daylight-saving day when its clock started", () => {
    expect(iso(startOfBrazilDay(new Date("2018-11-04T15:00:00Z")))).toBe("2018-11-04T03:00:00.000Z");
    expect(iso(startOfBrazilDay(new Date("2018-12-01T15:00:00Z")))).toBe("2018-12-01T02:00:00.000Z");
  });

  it("adds calendar days keeping the wall-clock time, across month, year and DST changes", () => {
    expect(iso(addBrazilDays(new Date("2026-01-31T15:00:00Z"), 1))).toBe("2026-02-01T15:00:00.000Z");
    expect(iso(addBrazilDays(new Date("2026-12-31T15:00:00Z"), 1))).toBe("2027-01-01T15:00:00.000Z");
    expect(iso(addBrazilDays(new Date("2026-03-01T12:00:00Z"), -1))).toBe("2026-02-28T12:00:00.000Z");
    // 3 Nov 2018 12:00 (-03) + 1 day = 4 Nov 12:00 (-02): only 23 hours later.
    expect(iso(addBrazilDays(new Date("2018-11-03T15:00:00Z"), 1))).toBe("2018-11-04T14:00:00.000Z");
    expect(iso(addBrazilDays(new Date("2026-11-21T12:00:00Z"), 0))).toBe("2026-11-21T12:00:00.000Z");
  });

  it("starts the week on Monday", () => {
    // Sunday 22 Nov 2026, 23:30 in Brazil (already Monday in UTC).
    expect(iso(startOfBrazilWeek(new Date("2026-11-23T02:30:00Z")))).toBe("2026-11-16T03:00:00.000Z");
    // Monday itself
    expect(iso(startOfBrazilWeek(new Date("2026-11-16T03:00:00Z")))).toBe("2026-11-16T03:00:00.000Z");
    // Saturday
    expect(iso(startOfBrazilWeek(new Date("2026-11-21T12:00:00Z")))).toBe("2026-11-16T03:00:00.000Z");
    // week crossing a month: Sunday 1 March 2026 -> Monday 23 February
    expect(iso(startOfBrazilWeek(new Date("2026-03-01T12:00:00Z")))).toBe("2026-02-23T03:00:00.000Z");
  });

  it("starts the month in Brazil time", () => {
    // 1 March 02:00 UTC is still 28 February in Brazil.
    expect(iso(startOfBrazilMonth(new Date("2026-03-01T02:00:00Z")))).toBe("2026-02-01T03:00:00.000Z");
    expect(iso(startOfBrazilMonth(new Date("2026-03-01T03:00:00Z")))).toBe("2026-03-01T03:00:00.000Z");
    expect(iso(startOfBrazilMonth(new Date("2019-01-15T12:00:00Z")))).toBe("2019-01-01T02:00:00.000Z");
  });
});

describe("brazilWallClock (offset read once per UTC hour)", () => {
  it("agrees with @date-fns/tz's TZDate at any instant, across the old summer-time changes", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2016, 0, 1), max: Date.UTC(2027, 0, 1) }), (ms) => {
        const z = new TZDate(ms, BRAZIL_TZ);
        expect(brazilWallClock(new Date(ms))).toEqual({
          year: z.getFullYear(),
          month: z.getMonth() + 1,
          day: z.getDate(),
          hour: z.getHours(),
          minute: z.getMinutes(),
          second: z.getSeconds(),
          ms: z.getMilliseconds(),
        });
      }),
      { numRuns: 3000 },
    );
    // The minutes around the 2018-11-04 and 2019-02-17 changes (03:00 and 02:00 UTC).
    for (const edge of [Date.UTC(2018, 10, 4, 3), Date.UTC(2019, 1, 17, 2)]) {
      for (const delta of [-1, 0, 1, 59 * 60_000]) {
        const ms = edge + delta;
        expect(brazilWallClock(new Date(ms)).hour).toBe(new TZDate(ms, BRAZIL_TZ).getHours());
      }
    }
  });
});
