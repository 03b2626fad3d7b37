/**
 * BRL money as integer cents; text only at the edges.
 *
 * Formatting uses Intl pt-BR, which puts a NO-BREAK SPACE (U+00A0) between "R$" and the
 * number ("R$\u00a01.234,56"). It is kept everywhere (it also stops "R$" wrapping onto its
 * own line); compare against `formatBRL` output or `BRL_SPACE`, never a typed plain space.
 */
export const BRL_SPACE = "\u00a0";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const brlCompact = new Intl.NumberFormat("pt-BR", {
  style: "currency",
  currency: "BRL",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** "1234.56"-style exact decimal text of a cents amount (integer math, no float rounding). */
export function centsToDecimalString(cents: number): `${number}` {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  return `${sign}${whole}.${String(abs - whole * 100).padStart(2, "0")}` as `${number}`;
}

/** "1234,56": the exact decimal with a comma, no grouping (the CSV dialect of Brazilian Excel). */
export function centsToBrazilianDecimal(cents: number): string {
  return centsToDecimalString(cents).replace(".", ",");
}

const brlNumber = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 123456 -> "1.234,56": the amount without "R$" (an amount field shows the symbol beside it). */
export function formatBRLNumber(cents: number): string {
  if (!Number.isFinite(cents)) return "";
  return brlNumber.format(centsToDecimalString(Math.round(cents)));
}

/** 123456 -> "R$ 1.234,56" (no-break space). Fractions of a cent are rounded; non-numbers give "—". */
export function formatBRL(cents: number): string {
  if (!Number.isFinite(cents)) return "—";
  // A decimal string keeps amounts above 2^53 / 100 exact where Intl supports it.
  return brl.format(centsToDecimalString(Math.round(cents)));
}

/** Short label for chart axes and tiles: "R$ 950", "R$ 1,2 mil", "R$ 3,4 mi", "R$ 1 bi". */
export function formatBRLCompact(cents: number): string {
  if (!Number.isFinite(cents)) return "—";
  return brlCompact.format(Math.round(cents) / 100);
}

/**
 * Why a typed amount cannot be read. `error` is an English sentence (kept for existing
 * callers); `code` lets a screen say it in its own language (messages "formats.amount").
 */
export type ParseBRLErrorCode = "negative" | "empty" | "characters" | "decimals" | "tooLarge" | "format";
type ParseBRLResult = { ok: true; cents: number } | { ok: false; error: string; code: ParseBRLErrorCode };

const MAX_WHOLE_DIGITS = 13; // up to R$ 9.999.999.999.999,99: still a safe integer in cents

/**
 * Amount typed by a person -> cents, with integer math on the digits (no float rounding).
 * Accepts an optional "R$", Brazilian grouping ("1.234,56", "1.000.000,00"), a decimal
 * comma ("1234,56"), and a plain decimal dot when it is the only separator and is followed by
 * 1-2 digits ("1234.56", "0.5"). "1.234" is one thousand two hundred and thirty-four reais.
 * Rejects negatives, letters, misplaced separators ("1,2,3", "1.23.4") and more than 2 decimals.
 */
export function parseBRL(text: string): ParseBRLResult {
  let s = text.trim();
  if (s.startsWith("-") || s.endsWith("-") || /^r\$\s*-/i.test(s)) {
    return { ok: false, error: "The amount cannot be negative", code: "negative" };
  }
  s = s.replace(/^r\$/i, "").replace(/^[\s\u00a0]+/, "");
  if (!s) return { ok: false, error: "Enter an amount, like 1.234,56", code: "empty" };
  if (/[^\d.,]/.test(s)) return { ok: false, error: "Use only digits, dots and a comma, like 1.234,56", code: "characters" };

  let whole: string;
  let decimals = "";
  let m: RegExpExecArray | null;
  if ((m = /^(\d+)\.(\d{1,2})$/.exec(s))) {
    // A lone dot followed by 1-2 digits can only be a decimal point.
    whole = m[1] ?? "";
    decimals = m[2] ?? "";
  } else if ((m = /^(\d{1,3}(?:\.\d{3})+|\d*)(?:,(\d*))?$/.exec(s))) {
    whole = (m[1] ?? "").replace(/\./g, "");
    decimals = m[2] ?? "";
    if (decimals.length > 2) return { ok: false, error: "Use at most 2 decimal places (cents)", code: "decimals" };
    if (!whole && !decimals) return { ok: false, error: "Enter an amount, like 1.234,56", code: "empty" };
  } else if (/^\d+\.\d{3,}$/.test(s) || /,\d{3,}$/.test(s)) {
    return { ok: false, error: "Use at most 2 decimal places (cents)", code: "decimals" };
  } else {
    return { ok: false, error: "This is not an amount: write it like 1.234,56", code: "format" };
  }

  whole = whole.replace(/^0+(?=\d)/, "");
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, error: "The amount is too large", code: "tooLarge" };
  const cents = Number(whole || "0") * 100 + Number(decimals.padEnd(2, "0"));
  return { ok: true, cents };
}
