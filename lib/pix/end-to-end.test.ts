import { describe, expect, it } from "vitest";
import { END_TO_END_RE, generateEndToEnd, isEndToEndId, parseEndToEnd } from "./end-to-end";
import { seededRandom } from "./seeded-random";

const EXAMPLE = "E18236120202206142202a1022c1tg10";

describe("isEndToEndId", () => {
  it("accepts the documented example", () => {
    expect(EXAMPLE).toHaveLength(32);
    expect(isEndToEndId(EXAMPLE)).toBe(true);
    expect(END_TO_END_RE.test(EXAMPLE)).toBe(true);
  });

  it.each([
    ["e18236120202206142202a1022c1tg10", "lower-case E"],
    ["E18236120202206142202a1022c1tg1", "31 characters"],
    ["E18236120202206142202a1022c1tg100", "33 characters"],
    ["E1823612a202206142202a1022c1tg10", "lower-case letter in ISPB"],
    ["E1823612020220614220Xa1022c1tg10", "letter in timestamp"],
    ["E18236120202206142202a1022c1tg-0", "dash in sequence"],
    [` ${EXAMPLE}`, "leading space"],
    ["", "empty"],
  ])("rejects %s (%s)", (id) => {
    expect(isEndToEndId(id)).toBe(false);
  });
});

describe("parseEndToEnd", () => {
  it("splits the example into ISPB, UTC minute and sequence", () => {
    const parts = parseEndToEnd(EXAMPLE);
    expect(parts).not.toBeNull();
    expect(parts?.ispb).toBe("18236120");
    expect(parts?.createdAt.toISOString()).toBe("2022-06-14T22:02:00.000Z");
    expect(parts?.sequence).toBe("a1022c1tg10");
  });

  it.each([
    ["E18236120202213142202a1022c1tg10", "month 13"],
    ["E18236120202200142202a1022c1tg10", "month 00"],
    ["E18236120202202302202a1022c1tg10", "30 February"],
    ["E18236120202304312202a1022c1tg10", "31 April"],
    ["E18236120202206002202a1022c1tg10", "day 00"],
    ["E18236120202206142402a1022c1tg10", "hour 24"],
    ["E18236120202206142260a1022c1tg10", "minute 60"],
    ["not an id", "wrong shape"],
  ])("returns null for %s (%s)", (id) => {
    expect(parseEndToEnd(id)).toBeNull();
  });

  it("accepts 29 February of a leap year", () => {
    expect(parseEndToEnd("E18236120202402291200a1022c1tg10")?.createdAt.toISOString()).toBe(
      "2024-02-29T12:00:00.000Z",
    );
    expect(parseEndToEnd("E18236120202302291200a1022c1tg10")).toBeNull();
  });
});

describe("generateEndToEnd", () => {
  it("round-trips through parseEndToEnd, with the minute in UTC", () => {
    const rand = seededRandom(3);
    // 23:30 in Brazil on 31 Dec is already 1 Jan in UTC.
    const at = new Date("2026-12-31T23:30:45.999-03:00");
    const id = generateEndToEnd("18236120", at, rand);
    expect(id).toMatch(END_TO_END_RE);
    expect(id.slice(9, 21)).toBe("202701010230");
    const parts = parseEndToEnd(id);
    expect(parts?.ispb).toBe("18236120");
    expect(parts?.createdAt.toISOString()).toBe("2027-01-01T02:30:00.000Z");
    expect(parts?.sequence).toBe(id.slice(21));
  });

  it("draws varied sequences, repeatable per seed", () => {
    const at = new Date("2026-11-21T12:00:00Z");
    const a = seededRandom(9);
    const ids = Array.from({ length: 1000 }, () => generateEndToEnd("00000000", at, a));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(isEndToEndId(id), id).toBe(true);
    const b = seededRandom(9);
    expect(generateEndToEnd("00000000", at, b)).toBe(ids[0]);
  });

  it("uses the whole alphabet, upper and lower case and digits", () => {
    const rand = seededRandom(11);
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      for (const c of generateEndToEnd("00000000", new Date(0), rand).slice(21)) seen.add(c);
    }
    expect(seen.size).toBe(62);
  });

  it("refuses a malformed ISPB or date", () => {
    const rand = seededRandom(1);
    expect(() => generateEndToEnd("1234567", new Date(), rand)).toThrow(RangeError);
    expect(() => generateEndToEnd("1234567a", new Date(), rand)).toThrow(RangeError);
    expect(() => generateEndToEnd("12345678", new Date(Number.NaN), rand)).toThrow(RangeError);
  });
});
