import { centsToWordsEn } from "./money-words-en";

const UNITS = [
  "zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove",
  "dez", "onze", "doze", "treze", "quatorze", "quinze", "dezesseis", "dezessete", "dezoito", "dezenove",
];
const TENS = ["", "", "vinte", "trinta", "quarenta", "cinquenta", "sessenta", "setenta", "oitenta", "noventa"];
const HUNDREDS = [
  "", "cento", "duzentos", "trezentos", "quatrocentos",
  "quinhentos", "seiscentos", "setecentos", "oitocentos", "novecentos",
];
/** Scale words by group index (thousands = 1), singular and plural. */
const SCALES: ReadonlyArray<readonly [string, string]> = [
  ["", ""],
  ["mil", "mil"],
  ["milhão", "milhões"],
  ["bilhão", "bilhões"],
  ["trilhão", "trilhões"],
];

/** 1..999 in words, masculine ("cem", "cento e um", "duzentos e trinta e quatro"). */
function hundredsToWords(n: number): string {
  if (n === 100) return "cem";
  const parts: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) parts.push(HUNDREDS[h] ?? "");
  if (rest >= 20) {
    const t = Math.floor(rest / 10);
    const u = rest % 10;
    parts.push(u ? `${TENS[t]} e ${UNITS[u]}` : (TENS[t] ?? ""));
  } else if (rest > 0) {
    parts.push(UNITS[rest] ?? "");
  }
  return parts.join(" e ");
}

/**
 * A whole number in Portuguese words: "mil duzentos e trinta e quatro", "um milhão e
 * duzentos mil", "dois milhões trezentos e quarenta e cinco mil seiscentos e setenta e oito".
 * "e" joins the last group when it is below 100 or a round hundred (Portuguese usage).
 */
export function integerToWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Cannot write ${n} in words`);
  if (n === 0) return "zero";
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  let lastIndex = -1;
  groups.forEach((g, i) => {
    if (g) lastIndex = lastIndex === -1 ? i : lastIndex;
  });
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (!g) continue;
    const [singular, plural] = SCALES[i] ?? ["", ""];
    let text = i === 1 && g === 1 ? "mil" : hundredsToWords(g);
    if (i >= 1 && !(i === 1 && g === 1)) text += ` ${g === 1 ? singular : plural}`;
    const joinWithE = words.length > 0 && i === lastIndex && (g < 100 || g % 100 === 0);
    words.push(joinWithE ? `e ${text}` : text);
  }
  return words.join(" ");
}

/**
 * An amount in words, as written on receipts and cheques: "mil duzentos e trinta e quatro
 * reais e cinquenta e seis centavos", "um real", "um centavo", "um milhão de reais".
 * Whole millions and above take "de" ("dois bilhões de reais"). Negative amounts start with "menos".
 */
export function centsToWords(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a whole number, got ${cents}`);
  if (cents < 0) return `menos ${centsToWords(-cents)}`;
  const reais = Math.floor(cents / 100);
  const centavos = cents % 100;
  const parts: string[] = [];
  if (reais > 0) {
    const words = integerToWords(reais);
    const unit = reais === 1 ? "real" : "reais";
    parts.push(reais % 1_000_000 === 0 ? `${words} de ${unit}` : `${words} ${unit}`);
  }
  if (centavos > 0) parts.push(`${integerToWords(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`);
  return parts.length ? parts.join(" e ") : "zero reais";
}

/** The languages an amount can be written in (the back office's languages). */
export type WordsLanguage = "pt-BR" | "en";

const WRITERS: Record<WordsLanguage, (cents: number) => string> = { "pt-BR": centsToWords, en: centsToWordsEn };

/** An amount in words in the reader's language: one writer per language behind this entry. */
export function amountInWords(cents: number, language: WordsLanguage): string {
  return WRITERS[language](cents);
}
