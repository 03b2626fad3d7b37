import { documentCharValue, isAllSameChar, mod11CheckDigit, randomInt } from "./check-digit";

const CPF_RE = /^\d{11}$/;
const FIRST_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a CPF's first 9 digits. */
export function cpfCheckDigits(base9: string): string {
  const values = [...base9].map(documentCharValue);
  const first = mod11CheckDigit(values, FIRST_WEIGHTS);
  const second = mod11CheckDigit([...values, first], SECOND_WEIGHTS);
  return `${first}${second}`;
}

/**
 * A CPF with valid check digits. Bare digits only: callers strip punctuation
 * with `stripDocument` first. All-same-digit numbers pass the arithmetic but are invalid.
 */
export function isValidCpf(s: string): boolean {
  if (!CPF_RE.test(s) || isAllSameChar(s)) return false;
  return cpfCheckDigits(s.slice(0, 9)) === s.slice(9);
}

/** A valid CPF (bare digits) drawn from `rand` (returns [0, 1)); seeded sources give repeatable data. */
export function generateCpf(rand: () => number): string {
  for (;;) {
    let base = "";
    for (let i = 0; i < 9; i++) base += String(randomInt(rand, 10));
    const cpf = base + cpfCheckDigits(base);
    if (!isAllSameChar(cpf)) return cpf;
  }
}
