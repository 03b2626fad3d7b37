import ExcelJS from "exceljs";
import { cellText } from "./cell-text";
import { columnForHeader } from "./columns";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS, MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_SHEET_ROWS } from "./limits";
import type { RecordCollector } from "./rows";
import { declaredExpandedBytes } from "./zip-size";

/** Parts of a sheet we never read: skipping them saves time and keeps merged or linked cells plain. */
const IGNORED_NODES = [
  "mergeCells",
  "hyperlinks",
  "dataValidations",
  "conditionalFormatting",
  "drawing",
  "picture",
  "tableParts",
  "extLst",
  "headerFooter",
  "pageSetup",
  "printOptions",
  "rowBreaks",
  "autoFilter",
  "sheetProtection",
];

/**
 * Feeds the first sheet's rows to the collector with exceljs, each cell as the text a person
 * typed (`cellText`); numbers under the amount column are reais. The zip's declared size is
 * checked first (a zip bomb is refused unopened), and exceljs stops past MAX_XLSX_SHEET_ROWS.
 */
export async function readXlsxRecords(bytes: Uint8Array, collector: RecordCollector): Promise<void> {
  const expanded = declaredExpandedBytes(bytes);
  if (expanded === null) return collector.fail({ message: "batches.errors.unreadableXlsx" });
  if (expanded > MAX_XLSX_EXPANDED_BYTES) {
    return collector.fail({ message: "batches.errors.tooLarge", values: { maxMb: MAX_BATCH_BYTES / 1024 / 1024 } });
  }
  const workbook = new ExcelJS.Workbook();
  // `maxRows` exists in exceljs' reader but not in its types; its Buffer type is an ArrayBuffer
  // look-alike that Node's Buffer (what it really reads) does not match.
  const options = { ignoreNodes: IGNORED_NODES, maxRows: MAX_XLSX_SHEET_ROWS };
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer;
  try {
    await workbook.xlsx.load(data, options);
  } catch (err) {
    const tooLong = err instanceof Error && /^Max row count/.test(err.message);
    return collector.fail(
      tooLong ? { message: "batches.errors.tooManyRows", values: { max: MAX_BATCH_ROWS } } : { message: "batches.errors.unreadableXlsx" },
    );
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return collector.fail({ message: "batches.errors.fileEmpty" });

  let amountColumn: number | null = null;
  let reading = true;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (!reading) return;
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell, columnNumber) => {
      const index = columnNumber - 1;
      while (cells.length < index) cells.push("");
      cells[index] = cellText(cell.value, cell.numFmt, index === amountColumn ? "reais" : "digits");
    });
    // The first row with anything in it is the header (the collector agrees): find the amount column there.
    if (amountColumn === null && cells.some((c) => c.trim() !== "")) {
      amountColumn = cells.findIndex((c) => columnForHeader(c) === "amount");
    }
    reading = collector.push(rowNumber, cells);
  });
}
