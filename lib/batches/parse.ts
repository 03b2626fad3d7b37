import { detectDelimiter, readCsvRecords, type CsvDelimiter } from "./csv";
import { decodeText, detectFormat, type BatchFileFormat, type BatchFileSource } from "./file-format";
import type { BatchMessage } from "./header";
import { MAX_BATCH_BYTES } from "./limits";
import { createRecordCollector, type ParsedBatchRow } from "./rows";
import { readXlsxRecords } from "./xlsx";

export type { BatchFileSource } from "./file-format";
export type { BatchCells, ParsedBatchRow } from "./rows";

export type BatchFileReading =
  | { ok: true; format: BatchFileFormat; delimiter?: CsvDelimiter; rows: ParsedBatchRow[] }
  | { ok: false; problem: BatchMessage };

const refuse = (message: string, values?: BatchMessage["values"]): BatchFileReading => ({ ok: false, problem: values ? { message, values } : { message } });

/**
 * The bytes of an uploaded batch file -> its rows, each with its cells by our column names and
 * its line number as a spreadsheet shows it (header = 1). CSV (`;`, `,` or tab, UTF-8 with or
 * without BOM) through papaparse; XLSX (first sheet) through exceljs. A file that cannot be a
 * batch is refused with one message key naming what is wrong (and which column): empty, no
 * header, unknown/repeated/missing columns, not CSV/XLSX, over MAX_BATCH_BYTES or MAX_BATCH_ROWS.
 * Rows are not validated here (`validateBatchRows` does that).
 */
export async function parseBatchFile(bytes: Uint8Array, source: BatchFileSource = {}): Promise<BatchFileReading> {
  if (bytes.byteLength === 0) return refuse("batches.errors.fileEmpty");
  if (bytes.byteLength > MAX_BATCH_BYTES) return refuse("batches.errors.tooLarge", { maxMb: MAX_BATCH_BYTES / 1024 / 1024 });
  const format = detectFormat(bytes, source);
  if (!format.ok) return format;

  const collector = createRecordCollector();
  if (format.format === "xlsx") {
    await readXlsxRecords(bytes, collector);
    const result = collector.result();
    return result.ok ? { ok: true, format: "xlsx", rows: result.rows } : result;
  }

  const text = decodeText(bytes);
  if (text === null) return refuse("batches.errors.notText");
  if (text.trim() === "") return refuse("batches.errors.fileEmpty");
  const delimiter = detectDelimiter(text);
  readCsvRecords(text, delimiter, collector);
  const result = collector.result();
  return result.ok ? { ok: true, format: "csv", delimiter, rows: result.rows } : result;
}
