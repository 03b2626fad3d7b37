import { describe, expect, it } from "vitest";
import { emvField, formatEmvAmount, parseEmvAmount, parseTlv } from "./emv";

describe("EMV amounts", () => {
  it.each([
    ["66.66", 6666],
    ["0.01", 1],
    ["0.1", 10],
    ["10", 1000],
    ["10.", 1000],
    [".5", 50],
    ["1.10", 110],
    ["0.29", 29], // 0.29 * 100 is 28.999999999999996 in floating point
    ["1234567.89", 123456789],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseEmvAmount(text)).toEqual({ cents });
  });

  it.each(["1,50", "", ".", "abc", "1.234", "-1.00", "1e3", " 1.00", "1.0.0"])("rejects %j", (text) => {
    expect(parseEmvAmount(text)).toHaveProperty("error");
  });

  it("formats cents", () => {
    expect(formatEmvAmount(6666)).toBe("66.66");
    expect(formatEmvAmount(1)).toBe("0.01");
    expect(formatEmvAmount(100)).toBe("1.00");
    expect(formatEmvAmount(123456789)).toBe("1234567.89");
  });
});

describe("parseTlv and emvField", () => {
  it("writes the length with two digits", () => {
    expect(emvField("59", "Fulano")).toBe("5906Fulano");
    expect(emvField("00", "")).toBe("0000");
    expect(() => emvField("26", "x".repeat(100))).toThrow(RangeError);
  });

  it("records offsets and only nests template ids", () => {
    const p = parseTlv("000201" + "2608" + "0004abcd" + "5303986");
    expect(p.offsets).toEqual([0, 6, 18]);
    expect(p.fields[1]?.children).toEqual([{ id: "00", length: 4, value: "abcd" }]);
    expect(p.fields[2]?.children).toBeUndefined();
    expect(p.problems).toEqual([]);
  });

  it("reports problems inside a template with the parent id", () => {
    const p = parseTlv("2606XX1234");
    expect(p.problems).toEqual([expect.stringMatching(/^Inside field 26: Unreadable/)]);
  });
});
