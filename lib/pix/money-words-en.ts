const UNITS = [
  "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
  "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES = ["", "thousand", "million", "billion", "trillion"];

/** 1..999 in English words: "one hundred twenty-three", "forty-five", "seven". */
function hundredsToWords(n: number): string {
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(`${UNITS[h]} hundred`);
  if (rest >= 20) {
    const u = rest % 10;
    parts.push(u ? `${TENS[Math.floor(rest / 10)]}-${UNITS[u]}` : (TENS[Math.floor(rest / 10)] ?? ""));
  } else if (rest > 0) {
    parts.push(UNITS[rest] ?? "");
  }
  return parts.join(" ");
}

/**
 * A whole number in English words, as cheques write it (no "and" inside the number):
 * "one thousand two hundred thirty-four", "two million five hundred thousand".
 */
export function integerToWordsEn(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Cannot write ${n} in words`);
  if (n === 0) return "zero";
  const words: string[] = [];
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (g) words.push(SCALES[i] ? `${hundredsToWords(g)} ${SCALES[i]}` : hundredsToWords(g));
  }
  return words.join(" ");
}

/**
 * An amount of Brazilian money in English words: the currency keeps its own names (real/reais,
 * centavo/centavos), as English-language Brazilian documents write them: "one thousand two
 * hundred thirty-four reais and fifty-six centavos", "one real", "one centavo".
 */
export function centsToWordsEn(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, got ${cents}`);
  if (cents < 0) return `minus ${centsToWordsEn(-cents)}`;
  const reais = Math.floor(cents / 100);
  const centavos = cents % 100;
  const parts: string[] = [];
  if (reais > 0) parts.push(`${integerToWordsEn(reais)} ${reais === 1 ? "real" : "reais"}`);
  if (centavos > 0) parts.push(`${integerToWordsEn(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`);
  return parts.length ? parts.join(" and ") : "zero reais";
}
