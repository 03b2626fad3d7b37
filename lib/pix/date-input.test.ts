import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBrazilDay, formatBrazilDayMonth, maskBrazilDate, parseBrazilDateTime, parseBrazilDay, parseTimeOfDay } from "./date-input";

describe("typed days (dd/mm/aaaa)", () => {
  it.each([
    ["01/03/2026", "2026-03-01"],
    ["1/3/2026", "2026-03-01"],
    [" 01-03-2026 ", "2026-03-01"],
    ["01.03.2026", "2026-03-01"],
    ["01032026", "2026-03-01"],
    ["2026-03-01", "2026-03-01"],
    ["29/02/2028", "2028-02-29"],
    ["31/12/2099", "2099-12-31"],
  ])("reads %j as %s", (text, day) => {
    expect(parseBrazilDay(text)).toEqual({ ok: true, day });
  });

  it.each([
    ["", "empty"],
    ["  ", "empty"],
    ["01/03", "incomplete"],
    ["01/03/26", "incomplete"],
    ["0103", "incomplete"],
    ["31/04/2026", "notADay"],
    ["29/02/2026", "notADay"],
    ["00/01/2026", "notADay"],
    ["01/13/2026", "notADay"],
    ["32/01/2026", "notADay"],
    ["amanhã", "notADay"],
    ["01/03/1899", "year"],
    ["01/03/2100", "year"],
  ])("refuses %j (%s)", (text, problem) => {
    expect(parseBrazilDay(text)).toEqual({ ok: false, problem });
  });

  it("never reads a month as a day: 03/01/2026 is the 3rd of January", () => {
    expect(parseBrazilDay("03/01/2026")).toEqual({ ok: true, day: "2026-01-03" });
  });

  it("shows ISO days as dd/mm/aaaa and dd/mm, and leaves other text alone", () => {
    expect(formatBrazilDay("2026-03-01")).toBe("01/03/2026");
    expect(formatBrazilDayMonth("2026-03-01")).toBe("01/03");
    expect(formatBrazilDay("soon")).toBe("soon");
  });

  it("round-trips every real day through its dd/mm/aaaa text and the mask", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const shown = formatBrazilDay(day);
        expect(parseBrazilDay(shown)).toEqual({ ok: true, day });
        expect(maskBrazilDate(shown.replace(/\//g, ""))).toBe(shown);
        expect(maskBrazilDate(day)).toBe(shown);
      }),
    );
  });
});

describe("typed times and date-times", () => {
  it("reads HH:mm in 00:00-23:59", () => {
    expect(parseTimeOfDay("14:30")).toBe("14:30");
    expect(parseTimeOfDay("0930")).toBe("09:30");
    expect(parseTimeOfDay("9:05")).toBe("09:05");
    expect(parseTimeOfDay("24:00")).toBeNull();
    expect(parseTimeOfDay("12:60")).toBeNull();
  });

  it("reads dd/mm/aaaa HH:mm and says what is missing or wrong", () => {
    expect(parseBrazilDateTime("01/03/2026 14:30")).toEqual({ ok: true, day: "2026-03-01", time: "14:30" });
    expect(parseBrazilDateTime("01/03/2026")).toEqual({ ok: false, problem: "incomplete" });
    expect(parseBrazilDateTime("01/03/2026 14")).toEqual({ ok: false, problem: "incomplete" });
    expect(parseBrazilDateTime("01/03/2026 25:00")).toEqual({ ok: false, problem: "time" });
    expect(parseBrazilDateTime("31/02/2026 10:00")).toEqual({ ok: false, problem: "notADay" });
  });
});

describe("the date mask", () => {
  it("puts the slashes in as digits come, and drops what is not a digit", () => {
    expect(["0", "01", "010", "0103", "01032", "01032026", "010320261"].map((t) => maskBrazilDate(t))).toEqual([
      "0", "01", "01/0", "01/03", "01/03/2", "01/03/2026", "01/03/2026",
    ]);
    expect(maskBrazilDate("01-03-2026")).toBe("01/03/2026");
    expect(maskBrazilDate("ab01/0x3")).toBe("01/03");
  });

  it("adds the time after a space when asked", () => {
    expect(maskBrazilDate("010320261430", true)).toBe("01/03/2026 14:30");
    expect(maskBrazilDate("010320261", true)).toBe("01/03/2026 1");
    expect(maskBrazilDate("2026-03-01T14:30", true)).toBe("01/03/2026 14:30");
  });
});
