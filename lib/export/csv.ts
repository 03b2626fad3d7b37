import { centsToBrazilianDecimal } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { cellOf, type ExportColumn } from "./columns";

/**
 * CSV in the dialect Brazilian Excel opens with a double click: UTF-8 with a BOM (without it
 * Excel reads Windows-1252 and "Situação" turns into "SituaÃ§Ã£o"), `;` between fields (the
 * comma is the decimal separator there), CRLF line ends, amounts "1234,56", dates
 * "dd/mm/aaaa HH:mm:ss" in Brazil time, and text that stays text.
 */
export const CSV_BOM = "\uFEFF";
const CSV_SEPARATOR = ";";
const CSV_EOL = "\r\n";

/**
 * Text Excel would not keep as typed on opening: a formula (=, +, -, @, tab or CR first: a
 * value like =HYPERLINK(...) must never run), numbers (leading zeros and digits past the 15th
 * are lost: "00123", "20260301000123456"), scientific notation ("12E45"), percentages, dates
 * ("1/3", "01-03-2026", "1-jan") and times ("9:30").
 */
const EXCEL_WOULD_CHANGE = [
  /^[=+\-@\t\r]/,
  /^\s*[+-]?[\d\s.,]*\d[\d\s.,]*%?\s*$/,
  /^\s*[+-]?\d[\d.,]*e[+-]?\d+\s*$/i,
  /^\s*\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?(?:\s.*)?$/,
  /^\s*\d{1,2}:\d{2}/,
  /^\s*\d{1,2}[\s/-]?(?:jan|fev|feb|mar|abr|apr|mai|may|jun|jul|ago|aug|set|sep|out|oct|nov|dez|dec)/i,
];

/** Excel's longest text constant inside a formula. */
const MAX_FORMULA_TEXT = 255;

/**
 * Text that must reach the sheet exactly as written. A value Excel would change is written as
 * the formula ="value": Excel shows that exact text, and a would-be formula inside it is only a
 * string constant, never run. Longer values (or with line breaks) get a leading apostrophe.
 */
export function keepAsText(text: string): string {
  if (!text || !EXCEL_WOULD_CHANGE.some((re) => re.test(text))) return text;
  if (text.length <= MAX_FORMULA_TEXT && !/[\r\n]/.test(text)) return `="${text.replace(/"/g, '""')}"`;
  return `'${text}`;
}

/** A field quoted when it holds the separator, a quote or a line break (a lone \n or \r too). */
function field(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvCell<Row>(column: ExportColumn<Row>, row: Row): string {
  const cell = cellOf(column, row);
  if (cell.value === null) return "";
  switch (cell.type) {
    case "text":
      return keepAsText(cell.value);
    case "money":
      return centsToBrazilianDecimal(cell.value);
    case "integer":
      return String(cell.value);
    case "datetime":
      return formatBrazilDateTime(cell.value);
  }
}

/** The first bytes of the file: BOM and header row. */
export function csvHeader<Row>(columns: readonly ExportColumn<Row>[]): string {
  return CSV_BOM + columns.map((c) => field(c.header)).join(CSV_SEPARATOR) + CSV_EOL;
}

/** Rows (no header), one line each. */
export function csvRows<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): string {
  let out = "";
  for (const row of rows) out += columns.map((c) => field(csvCell(c, row))).join(CSV_SEPARATOR) + CSV_EOL;
  return out;
}
