import { describe, expect, it } from "vitest";
import { BRL_SPACE, centsToBrazilianDecimal, centsToDecimalString, formatBRL, formatBRLCompact, formatBRLNumber, parseBRL } from "./money";

const nb = (s: string) => s.replace(/ /g, BRL_SPACE);

describe("formatBRL", () => {
  it.each([
    [123456, "R$ 1.234,56"],
    [0, "R$ 0,00"],
    [1, "R$ 0,01"],
    [100, "R$ 1,00"],
    [100000000, "R$ 1.000.000,00"],
    [-500, "-R$ 5,00"],
    [29, "R$ 0,29"],
  ])("%i -> %s", (cents, text) => {
    expect(formatBRL(cents)).toBe(nb(text));
  });

  it("uses a no-break space after R$", () => {
    expect(formatBRL(100).charCodeAt(2)).toBe(0xa0);
  });

  it("stays exact for very large amounts", () => {
    expect(formatBRL(Number.MAX_SAFE_INTEGER)).toBe(nb("R$ 90.071.992.547.409,91"));
  });

  it("rounds fractions of a cent and shows a dash for non-numbers", () => {
    expect(formatBRL(99.6)).toBe(nb("R$ 1,00"));
    expect(formatBRL(Number.NaN)).toBe("—");
    expect(formatBRL(Number.POSITIVE_INFINITY)).toBe("—");
  });

  it("builds the decimal text with integer math", () => {
    expect(centsToDecimalString(123456)).toBe("1234.56");
    expect(centsToDecimalString(5)).toBe("0.05");
    expect(centsToDecimalString(-105)).toBe("-1.05");
  });
});

describe("formatBRLCompact", () => {
  it.each([
    [0, "R$ 0"],
    [95000, "R$ 950"],
    [123456, "R$ 1,2 mil"],
    [1500000, "R$ 15 mil"],
    [340000000, "R$ 3,4 mi"],
    [100000000000, "R$ 1 bi"],
  ])("%i -> %s", (cents, text) => {
    expect(formatBRLCompact(cents).replace(/\u00a0/g, " ")).toBe(text);
  });
});

describe("parseBRL", () => {
  it.each([
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234.56", 123456],
    ["R$ 0,01", 1],
    ["0,01", 1],
    ["1.000.000,00", 100000000],
    ["10", 1000],
    ["0", 0],
    ["1.234", 123400], // dot followed by 3 digits groups thousands
    ["1,5", 150],
    ["0.5", 50],
    [",50", 50],
    ["10,", 1000],
    ["R$1.234,5", 123450],
    [nb("R$ 1.234,56"), 123456], // what formatBRL produces
    ["  r$ 7,00  ", 700],
    ["0,29", 29], // 0.29 * 100 is not 29 in floating point
    ["1.15", 115],
    ["4.35", 435],
    ["007", 700],
    ["9999999999999,99", 999999999999999],
  ])("%j -> %i cents", (text, cents) => {
    expect(parseBRL(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ["1,2,3", /not an amount/],
    ["1.23.4", /not an amount/],
    ["12.34.56", /not an amount/],
    ["1.234.5", /not an amount/],
    ["1,234.56", /not an amount/],
    ["abc", /only digits/],
    ["12a", /only digits/],
    ["1 234,56", /only digits/],
    ["", /Enter an amount/],
    ["   ", /Enter an amount/],
    ["R$", /Enter an amount/],
    [",", /Enter an amount/],
    ["-5", /negative/],
    ["R$ -5,00", /negative/],
    ["5-", /negative/],
    ["1,234", /2 decimal/],
    ["1.2345", /2 decimal/],
    ["0,001", /2 decimal/],
    ["10000000000000,00", /too large/],
  ])("rejects %j", (text, message) => {
    const result = parseBRL(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it("round-trips formatBRL output for many amounts", () => {
    for (let cents = 0; cents < 200000; cents += 997) {
      expect(parseBRL(formatBRL(cents))).toEqual({ ok: true, cents });
    }
  });
});

describe("amounts for Brazilian fields and files", () => {
  it("gives a reason code a screen can translate, with the English sentence kept", () => {
    const codes = ["-5", "", "12a", "1,234", "1.2.3", "10000000000000,00"].map((text) => {
      const result = parseBRL(text);
      return result.ok ? "ok" : result.code;
    });
    expect(codes).toEqual(["negative", "empty", "characters", "decimals", "format", "tooLarge"]);
  });

  it("writes the amount field's text with grouping and a comma, and the CSV decimal without grouping", () => {
    expect(formatBRLNumber(123456)).toBe("1.234,56");
    expect(formatBRLNumber(5)).toBe("0,05");
    expect(formatBRLNumber(100000000)).toBe("1.000.000,00");
    expect(formatBRLNumber(Number.NaN)).toBe("");
    expect(centsToBrazilianDecimal(123456)).toBe("1234,56");
    expect(centsToBrazilianDecimal(5)).toBe("0,05");
    expect(centsToBrazilianDecimal(-250)).toBe("-2,50");
  });

  it("reads back what the amount field shows, for many amounts", () => {
    for (let cents = 0; cents < 5_000_000; cents += 9_973) {
      expect(parseBRL(formatBRLNumber(cents))).toEqual({ ok: true, cents });
      expect(parseBRL(centsToBrazilianDecimal(cents))).toEqual({ ok: true, cents });
    }
  });
});
