import ExcelJS from "exceljs";
import { cellText } from "./cell-text";
import { columnForHeader } from "./columns";
import { MAX_BATCH_ROWS, MAX_XLSX_ENTRIES, MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_SHEET_ROWS } from "./limits";
import type { RecordCollector } from "./rows";
import { inflateZip, storedZip } from "./zip-inflate";

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
 * The parts of a workbook that hold cell values: the package and workbook relations, the
 * workbook, shared strings, styles (number formats) and the sheets. Pictures, drawings, themes,
 * comments and the rest are never inflated.
 */
const CELL_PARTS = /^\/?(_rels\/\.rels|xl\/workbook\.xml|xl\/_rels\/workbook\.xml\.rels|xl\/sharedStrings\.xml|xl\/styles\.xml|xl\/worksheets\/sheet\d+\.xml)$/;

/**
 * Feeds the first sheet's rows to the collector with exceljs, each cell as the text a person
 * typed (`cellText`); numbers under the amount column are reais. The parts exceljs needs are
 * inflated first by our own reader, counting bytes as they come out: past
 * MAX_XLSX_EXPANDED_BYTES the file is refused at once (a zip bomb costs that budget, never
 * more), whatever its directory declares. exceljs then reads those parts stored uncompressed,
 * with their true sizes, and stops past MAX_XLSX_SHEET_ROWS.
 */
export async function readXlsxRecords(bytes: Uint8Array, collector: RecordCollector): Promise<void> {
  const parts = await inflateZip(bytes, (name) => CELL_PARTS.test(name), MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_ENTRIES);
  if (!parts.ok) {
    return collector.fail(
      parts.problem === "unreadable" ? { message: "batches.errors.unreadableXlsx" } : { message: "batches.errors.expandsTooMuch", values: { maxMb: MAX_XLSX_EXPANDED_BYTES / 1024 / 1024 } },
    );
  }
  const workbook = new ExcelJS.Workbook();
  // `maxRows` exists in exceljs' reader but not in its types; its Buffer type is an ArrayBuffer
  // look-alike that Node's Buffer (what it really reads) does not match.
  const options = { ignoreNodes: IGNORED_NODES, maxRows: MAX_XLSX_SHEET_ROWS };
  const stored = storedZip(parts.entries);
  const data = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) as unknown as ArrayBuffer;
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
