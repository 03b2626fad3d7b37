import { describe, expect, it } from "vitest";
import { cpfCheckDigits, generateCpf, isValidCpf } from "./cpf";
import { seededRandom } from "./seeded-random";

describe("isValidCpf", () => {
  it.each(["52998224725", "11144477735", "12345678909", "00000000191"])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ["52998224724", "wrong second check digit"],
    ["52998224715", "wrong first check digit"],
    ["12345678900", "both check digits wrong"],
    ["5299822472", "10 digits"],
    ["529982247250", "12 digits"],
    ["529.982.247-25", "punctuation (callers strip it)"],
    ["5299822472A", "a letter"],
    ["", "empty"],
    [" 52998224725", "leading space"],
  ])("rejects %s (%s)", (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it.each(Array.from({ length: 10 }, (_, d) => String(d).repeat(11)))(
    "rejects all-same-digit %s even though its check digits add up",
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );

  it("computes check digits per the mod-11 rule", () => {
    expect(cpfCheckDigits("529982247")).toBe("25");
    expect(cpfCheckDigits("111444777")).toBe("35");
    // r < 2 gives 0: 000000001 -> sum 2 -> 11-2=9; second: 1*3 + 9*2 = 21 -> r=10 -> 1
    expect(cpfCheckDigits("000000001")).toBe("91");
  });

  it("rejects every single-digit change of a valid CPF", () => {
    const valid = "52998224725";
    for (let i = 0; i < 11; i++) {
      for (let d = 0; d < 10; d++) {
        const changed = valid.slice(0, i) + d + valid.slice(i + 1);
        if (changed !== valid) expect(isValidCpf(changed), changed).toBe(false);
      }
    }
  });
});

describe("generateCpf", () => {
  it("produces valid, varied CPFs from a seeded source", () => {
    const rand = seededRandom(42);
    const cpfs = Array.from({ length: 500 }, () => generateCpf(rand));
    for (const cpf of cpfs) expect(isValidCpf(cpf), cpf).toBe(true);
    expect(new Set(cpfs).size).toBeGreaterThan(490);
  });

  it("is repeatable for the same seed", () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([generateCpf(a), generateCpf(a)]).toEqual([generateCpf(b), generateCpf(b)]);
  });

  it("never returns an all-same-digit number, even from a constant source", () => {
    let calls = 0;
    // The first 9 draws give 0 (base 000000000 -> 00000000000, all same), then a varied sequence.
    const rand = () => (calls++ < 9 ? 0 : (calls % 10) / 10);
    const cpf = generateCpf(rand);
    expect(isValidCpf(cpf)).toBe(true);
  });
});
