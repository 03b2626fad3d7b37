import { documentCharValue, isAllSameChar, mod11CheckDigit, randomInt } from "./check-digit";

/** 12 digits or upper-case letters (alphanumeric CNPJ, July 2026), then 2 numeric check digits. */
const CNPJ_RE = /^[0-9A-Z]{12}\d{2}$/;
const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const DIGITS = "0123456789";
const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The two check digits of a CNPJ's first 12 characters (digits or A-Z). */
export function cnpjCheckDigits(base12: string): string {
  const values = [...base12].map(documentCharValue);
  const first = mod11CheckDigit(values, FIRST_WEIGHTS);
  const second = mod11CheckDigit([...values, first], SECOND_WEIGHTS);
  return `${first}${second}`;
}

/**
 * A CNPJ with valid check digits, numeric or alphanumeric (`12ABC34501DE35`).
 * Bare and upper case only: callers normalise with `stripDocument` first.
 */
export function isValidCnpj(s: string): boolean {
  if (!CNPJ_RE.test(s) || isAllSameChar(s)) return false;
  return cnpjCheckDigits(s.slice(0, 12)) === s.slice(12);
}

/**
 * A valid CNPJ drawn from `rand`. The branch part is 0001 (a head office) for numeric ones,
 * as most real CNPJs are; `alphanumeric` draws all 12 leading characters from 0-9A-Z.
 */
export function generateCnpj(rand: () => number, alphanumeric = false): string {
  for (;;) {
    let base = "";
    if (alphanumeric) {
      for (let i = 0; i < 12; i++) base += ALPHANUMERIC[randomInt(rand, ALPHANUMERIC.length)];
    } else {
      for (let i = 0; i < 8; i++) base += DIGITS[randomInt(rand, 10)];
      base += "0001";
    }
    const cnpj = base + cnpjCheckDigits(base);
    if (!isAllSameChar(cnpj)) return cnpj;
  }
}
