import type { CellValue } from "exceljs";
import { centsToDecimalString } from "@/lib/pix/money";

/** How a number cell is read: an amount in reais, or digits as typed (a document, an account, an ISPB). */
type NumberReading = "reais" | "digits";

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * A cell's value as the text a person typed: numbers without Excel's display rounding or
 * exponent ("11222333000181", amounts in reais as "1234,56"), dates as dd/mm/aaaa, rich text
 * and links by their text, formulas by their result, errors as Excel writes them ("#N/A").
 */
export function cellText(value: CellValue, numFmt: string | undefined, reading: NumberReading): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value, numFmt, reading);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return dateText(value);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("error" in value) return value.error;
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : cellText(value.text as CellValue, numFmt, reading);
  if ("result" in value) return cellText(value.result as CellValue, numFmt, reading);
  return "";
}

/**
 * Reais become exact text with a decimal comma when they are whole cents (1234.56 -> "1234,56",
 * never 1234.5599999); other fractions keep all their decimals ("12,345") so the amount rule
 * refuses them: with a dot, "12.345" would read as twelve thousand. Digits get back the leading
 * zeros a "00000000000" format showed (a CPF typed as a number in such a column).
 */
function numberText(n: number, numFmt: string | undefined, reading: NumberReading): string {
  if (!Number.isFinite(n)) return String(n);
  if (reading === "reais") {
    const cents = Math.round(n * 100);
    return (Math.abs(n * 100 - cents) < 1e-6 ? centsToDecimalString(cents) : String(n)).replace(".", ",");
  }
  if (!Number.isInteger(n)) return String(n);
  const digits = Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n.toFixed(0) : BigInt(n).toString();
  return digits.padStart(zeroPadWidth(numFmt), "0");
}

/** `00000000000` or `000\.000\.000\-00` -> 11: the digits the format always shows; 0 for other formats. */
function zeroPadWidth(numFmt: string | undefined): number {
  if (!numFmt) return 0;
  const bare = numFmt.replace(/\\./g, "").replace(/"[^"]*"/g, "");
  return /^0+$/.test(bare) ? bare.length : 0;
}

/** Dates as Brazilians write them; exceljs gives the sheet's wall time as UTC fields. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const day = `${pad2(date.getUTCDate())}/${pad2(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
  const hasTime = date.getUTCHours() + date.getUTCMinutes() + date.getUTCSeconds() > 0;
  return hasTime ? `${day} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}` : day;
}
