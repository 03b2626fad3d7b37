import { once } from "node:events";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { brazilWallClock } from "@/lib/pix/time";
import { cellOf, type ExportColumn } from "./columns";

/**
 * XLSX with exceljs' streaming writer: rows are committed as they come and leave through the
 * zip as compressed bytes, so memory holds a page of rows and the zip's buffers, not the file.
 * Cells are typed: money a number with a BRL format, instants real dates (Brazil time),
 * documents and ids text (never numbers that lose their zeros), counts numbers; the header
 * row is bold, frozen and filterable; widths come from the columns.
 */
export const XLSX_FORMATS = {
  money: '"R$" #,##0.00',
  datetime: "dd/mm/yyyy hh:mm:ss",
  integer: "0",
  text: "@",
} as const;

/**
 * Excel has no time zones: a date cell is a wall-clock reading. exceljs writes a Date's UTC
 * fields, so the instant is moved to the Date whose UTC fields are Brazil's wall clock.
 */
export function excelBrazilDate(instant: Date): Date {
  const w = brazilWallClock(instant);
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms));
}

function xlsxValue<Row>(column: ExportColumn<Row>, row: Row): string | number | Date | null {
  const cell = cellOf(column, row);
  if (cell.value === null) return null;
  switch (cell.type) {
    case "text":
      return cell.value;
    case "money":
      return cell.value / 100;
    case "integer":
      return cell.value;
    case "datetime":
      return excelBrazilDate(cell.value);
  }
}

type XlsxWriter<Row> = {
  /** The file's bytes, in order, as the zip makes them. */
  output: PassThrough;
  /** Commits rows; resolves when the output has room for more (the reader has caught up). */
  addRows(rows: readonly Row[]): Promise<void>;
  /** Writes the end of the sheet and the workbook's other parts; the output then ends. */
  finish(): Promise<void>;
};

/** Bytes of compressed output that may wait for the reader before rows stop being added. */
const OUTPUT_HIGH_WATER = 64 * 1024;

export function createXlsxWriter<Row>(columns: readonly ExportColumn<Row>[], sheetName: string): XlsxWriter<Row> {
  const output = new PassThrough({ highWaterMark: OUTPUT_HIGH_WATER });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  // Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise).
  const name = sheetName.replace(/[[\]:*?/\\]/g, " ").slice(0, 31) || "Sheet1";
  const sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1, xSplit: 0 }] });
  // A column is at least as wide as its header, so every header reads whole.
  sheet.columns = columns.map((c) => ({ key: c.key, width: Math.max(c.width, c.header.length + 2), style: { numFmt: XLSX_FORMATS[c.type] } }));
  const last = sheet.getColumn(columns.length).letter;
  sheet.autoFilter = `A1:${last}1`;

  const header = sheet.addRow(columns.map((c) => c.header));
  header.eachCell((cell) => {
    cell.style = { font: { bold: true }, numFmt: XLSX_FORMATS.text, alignment: { vertical: "middle" } };
  });
  header.commit();

  return {
    output,
    async addRows(rows) {
      for (const row of rows) sheet.addRow(columns.map((c) => xlsxValue(c, row))).commit();
      // Let the zip take what was committed, then wait while the reader is behind.
      await new Promise((resolve) => setImmediate(resolve));
      while (output.writableNeedDrain && !output.destroyed) await drainOrClose(output);
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** Waits for the first of some events (an "error" rejects), leaving no listener behind. */
async function firstOf(stream: PassThrough, events: readonly string[]): Promise<void> {
  const stop = new AbortController();
  try {
    // Promise.race handles every promise, so the ones aborted below are never unhandled rejections.
    await Promise.race(events.map((event) => once(stream, event, { signal: stop.signal })));
  } finally {
    stop.abort();
  }
}

const drainOrClose = (stream: PassThrough) => firstOf(stream, ["drain", "close"]);

/**
 * The next chunk of the output, or null at its end. Read by hand rather than through
 * Readable.toWeb, whose queue counts chunks (65,536 of them) instead of bytes: with it the
 * writer never saw the reader fall behind.
 */
export async function readChunk(stream: PassThrough): Promise<Uint8Array | null> {
  for (;;) {
    const chunk = stream.read() as Buffer | null;
    if (chunk !== null) return chunk;
    if (stream.errored) throw stream.errored;
    if (stream.readableEnded || stream.destroyed) return null;
    await firstOf(stream, ["readable", "end", "close"]);
  }
}
