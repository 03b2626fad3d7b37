import { describe, expect, it } from "vitest";
import { amountInWords, centsToWords, integerToWords } from "./money-words";
import { centsToWordsEn } from "./money-words-en";

describe("centsToWords", () => {
  it.each([
    [123456, "mil duzentos e trinta e quatro reais e cinquenta e seis centavos"],
    [100, "um real"],
    [1, "um centavo"],
    [100000000, "um milhão de reais"],
    [0, "zero reais"],
    [50, "cinquenta centavos"],
    [101, "um real e um centavo"],
    [200, "dois reais"],
    [1500, "quinze reais"],
    [10000, "cem reais"],
    [10100, "cento e um reais"],
    [11100, "cento e onze reais"],
    [99900, "novecentos e noventa e nove reais"],
    [100000, "mil reais"],
    [101000, "mil e dez reais"],
    [110000, "mil e cem reais"],
    [120000, "mil e duzentos reais"],
    [125000, "mil duzentos e cinquenta reais"],
    [200100, "dois mil e um reais"],
    [1000000, "dez mil reais"],
    [100000050, "um milhão de reais e cinquenta centavos"],
    [120000000, "um milhão e duzentos mil reais"],
    [100000100, "um milhão e um reais"],
    [250000000, "dois milhões e quinhentos mil reais"],
    [200000000000, "dois bilhões de reais"],
    [100000000000, "um bilhão de reais"],
    [
      123456789,
      "um milhão duzentos e trinta e quatro mil quinhentos e sessenta e sete reais e oitenta e nove centavos",
    ],
    [1700, "dezessete reais"],
    [1400, "quatorze reais"],
    [-100, "menos um real"],
  ])("%i -> %s", (cents, words) => {
    expect(centsToWords(cents)).toBe(words);
  });

  it("refuses fractions of a cent", () => {
    expect(() => centsToWords(1.5)).toThrow(RangeError);
    expect(() => centsToWords(Number.NaN)).toThrow(RangeError);
  });
});

describe("integerToWords", () => {
  it.each([
    [0, "zero"],
    [21, "vinte e um"],
    [100, "cem"],
    [1000, "mil"],
    [1001, "mil e um"],
    [2_000_000, "dois milhões"],
    [1_000_000_001, "um bilhão e um"],
    [1_200_300, "um milhão duzentos mil e trezentos"],
    [3_000_000_000_000, "três trilhões"],
  ])("%i -> %s", (n, words) => {
    expect(integerToWords(n)).toBe(words);
  });
});

describe("centsToWordsEn", () => {
  it.each([
    [123456, "one thousand two hundred thirty-four reais and fifty-six centavos"],
    [100, "one real"],
    [1, "one centavo"],
    [0, "zero reais"],
    [101, "one real and one centavo"],
    [10000, "one hundred reais"],
    [100000000, "one million reais"],
    [250000000, "two million five hundred thousand reais"],
    [200000000000, "two billion reais"],
    [1_000_000_00 + 50, "one million reais and fifty centavos"],
    [2_001_00, "two thousand one reais"],
    [-100, "minus one real"],
  ])("%i -> %s", (cents, words) => {
    expect(centsToWordsEn(cents)).toBe(words);
  });

  it("refuses fractions of a cent", () => {
    expect(() => centsToWordsEn(0.5)).toThrow(RangeError);
  });
});

describe("amountInWords", () => {
  it("writes in the reader's language", () => {
    expect(amountInWords(8750, "pt-BR")).toBe("oitenta e sete reais e cinquenta centavos");
    expect(amountInWords(8750, "en")).toBe("eighty-seven reais and fifty centavos");
  });
});
