import { describe, expect, it } from "vitest";
import { cnpjCheckDigits, generateCnpj, isValidCnpj } from "./cnpj";
import { seededRandom } from "./seeded-random";

describe("isValidCnpj", () => {
  it.each([
    "12ABC34501DE35", // official alphanumeric example (Receita Federal)
    "11222333000181",
    "00000000000191", // Banco do Brasil
    "60701190000104", // Itaú Unibanco
    "18236120000158", // Nu Pagamentos
    "12345678000195",
  ])("accepts %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ["12ABC34501DE36", "wrong check digit"],
    ["12ABC34501DE53", "check digits swapped"],
    ["11222333000180", "wrong second check digit"],
    ["11222333000191", "wrong first check digit"],
    ["12abc34501de35", "lower case (callers upper-case with stripDocument)"],
    ["12ABC34501DEA5", "letter in a check digit"],
    ["12.ABC.345/01DE-35", "punctuation"],
    ["1122233300018", "13 characters"],
    ["112223330001811", "15 characters"],
    ["12ABC34501DÉ35", "accented letter"],
    ["", "empty"],
  ])("rejects %s (%s)", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it.each(Array.from({ length: 10 }, (_, d) => String(d).repeat(14)))("rejects all-same %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it("values letters as char code - 48", () => {
    expect(cnpjCheckDigits("12ABC34501DE")).toBe("35");
    expect(cnpjCheckDigits("112223330001")).toBe("81");
  });

  it("catches every single-digit change of a numeric CNPJ", () => {
    const valid = "11222333000181";
    for (let i = 0; i < 14; i++) {
      for (let d = 0; d < 10; d++) {
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        if (changed !== valid) expect(isValidCnpj(changed), changed).toBe(false);
      }
    }
  });

  it("catches nearly every single-character change of the alphanumeric example", () => {
    const valid = "12ABC34501DE35";
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let rejected = 0;
    let total = 0;
    for (let i = 0; i < 12; i++) {
      for (const c of alphabet) {
        const changed = valid.slice(0, i) + c + valid.slice(i + 1);
        if (changed === valid) continue;
        total++;
        if (!isValidCnpj(changed)) rejected++;
      }
    }
    // Mod 11 misses a swap between characters whose values differ by 11 (e.g. "6" = 6 and "A" = 17),
    // an accepted weakness of the 2026 alphanumeric rule.
    expect(isValidCnpj("12ABC34501DE35".replace("A", "6"))).toBe(true);
    expect(rejected / total).toBeGreaterThan(0.9);
    expect(rejected).toBeLessThan(total);
  });
});

describe("generateCnpj", () => {
  it("produces valid numeric head-office CNPJs", () => {
    const rand = seededRandom(1);
    for (let i = 0; i < 300; i++) {
      const cnpj = generateCnpj(rand);
      expect(cnpj).toMatch(/^\d{8}0001\d{2}$/);
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
  });

  it("produces valid alphanumeric CNPJs, some with letters", () => {
    const rand = seededRandom(2);
    const cnpjs = Array.from({ length: 300 }, () => generateCnpj(rand, true));
    for (const cnpj of cnpjs) {
      expect(cnpj).toMatch(/^[0-9A-Z]{12}\d{2}$/);
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
    expect(cnpjs.filter((c) => /[A-Z]/.test(c)).length).toBeGreaterThan(250);
  });
});
