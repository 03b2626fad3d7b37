import { stringify } from "csv-stringify/sync";
import type { PaymentListItem } from "@/lib/contract/payment";
import { centsToDecimalString } from "@/lib/pix/money";

/**
 * CSV of payments, for spreadsheet apps and scripts alike: a header row, dates exactly as the
 * provider wrote them (ISO 8601 with their offset), money both as integer cents (exact) and as
 * a plain decimal in BRL (dot separator, no symbol, so any spreadsheet locale reads a number).
 */
export const PAYMENT_CSV_COLUMNS = [
  "idempotent_id",
  "reference_code",
  "status",
  "value_cents",
  "value_brl",
  "receiver_name",
  "receiver_document",
  "pix_key_type",
  "pix_key",
  "end_to_end",
  "registration_date",
  "payment_date",
  "cancellation_date",
  "cancellation_reason",
] as const;

/** A UTF-8 byte order mark: Excel reads the file as UTF-8 only when it is there. */
export const CSV_BOM = "\uFEFF";

/**
 * A text cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe. Plain signed numbers (a phone key like +5511987654321) are left alone.
 */
export function neutralizeFormula(text: string): string {
  if (/^[+-]?\d+$/.test(text)) return text;
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export function paymentCsvRecord(item: PaymentListItem): string[] {
  return [
    neutralizeFormula(item.idempotent_id),
    neutralizeFormula(item.reference_code),
    item.status,
    String(item.value_cents),
    centsToDecimalString(item.value_cents),
    neutralizeFormula(item.receiver_name),
    neutralizeFormula(item.receiver_document),
    item.pix_key_type,
    neutralizeFormula(item.pix_key),
    item.end_to_end ?? "",
    item.registration_date,
    item.payment_date ?? "",
    item.cancellation_date ?? "",
    neutralizeFormula(item.cancellation_reason ?? ""),
  ];
}

/**
 * csv-stringify quotes a field holding the record delimiter ("\r\n") but not a lone "\n" or
 * "\r", which every reader would take as a record end: quote any line break.
 */
const STRINGIFY_OPTIONS = { record_delimiter: "\r\n", quoted_match: /[\r\n]/ } as const;

/** The first bytes of the file: BOM and header row. */
export function paymentsCsvHeader(): string {
  return CSV_BOM + stringify([[...PAYMENT_CSV_COLUMNS]], STRINGIFY_OPTIONS);
}

/** One page of rows (no header), CRLF line ends as RFC 4180 asks. */
export function paymentsCsvRows(items: readonly PaymentListItem[]): string {
  if (items.length === 0) return "";
  return stringify(items.map(paymentCsvRecord), STRINGIFY_OPTIONS);
}
