import { excelText } from "@/lib/export/read-csv";
import { columnLetter, type BatchColumn } from "./columns";
import { readHeader, type BatchMessage, type HeaderColumns } from "./header";
import { MAX_BATCH_ROWS } from "./limits";

/** A row's cells by our column names, trimmed; a blank cell is absent. */
export type BatchCells = Partial<Record<BatchColumn, string>>;

export type ParsedBatchRow = {
  /** The row's number as a spreadsheet shows it (the header is normally 1). */
  line: number;
  cells: BatchCells;
  /** Spreadsheet letter of a filled cell under no column name (an unquoted "1.234,56" in a comma file splits in two). */
  strayCell?: string;
};

/** Receives the records of a file in order; `push` says whether to go on reading. */
export type RecordCollector = {
  push(line: number, cells: readonly string[]): boolean;
  /** Refuse the file (a reader's own problem: broken quotes, a sheet too long). */
  fail(problem: BatchMessage): void;
  result(): { ok: true; rows: ParsedBatchRow[] } | { ok: false; problem: BatchMessage };
};

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === "");

/**
 * Header detection, mapping and limits shared by the CSV and XLSX readers: blank rows are
 * skipped (their line numbers still count), the first other row is the header, then at most
 * MAX_BATCH_ROWS rows are kept; the first problem stops the reading.
 */
export function createRecordCollector(maxRows = MAX_BATCH_ROWS): RecordCollector {
  let columns: HeaderColumns | null = null;
  let problem: BatchMessage | null = null;
  const rows: ParsedBatchRow[] = [];
  return {
    push(line, cells) {
      if (problem) return false;
      if (isBlank(cells)) return true;
      if (!columns) {
        const header = readHeader(cells);
        if (!header.ok) problem = header.problem;
        else columns = header.columns;
        return !problem;
      }
      if (rows.length >= maxRows) {
        problem = { message: "batches.errors.tooManyRows", values: { max: maxRows } };
        return false;
      }
      rows.push(toParsedRow(line, cells, columns));
      return true;
    },
    fail(p) {
      problem ??= p;
    },
    result() {
      if (problem) return { ok: false, problem };
      if (!columns) return { ok: false, problem: { message: "batches.errors.fileEmpty" } };
      if (rows.length === 0) return { ok: false, problem: { message: "batches.errors.noRows" } };
      return { ok: true, rows };
    },
  };
}

function toParsedRow(line: number, raw: readonly string[], columns: HeaderColumns): ParsedBatchRow {
  const cells: BatchCells = {};
  let strayCell: string | undefined;
  raw.forEach((value, index) => {
    // Our own files write texts as Excel keeps them (="00123"): read them as the person sees them.
    const text = excelText(value).trim();
    const column = columns[index];
    if (!text || column === "skip") return;
    if (column) cells[column] = text;
    else strayCell ??= columnLetter(index);
  });
  return strayCell ? { line, cells, strayCell } : { line, cells };
}
