import type { BatchMessage } from "./header";

export type BatchFileFormat = "csv" | "xlsx";

/** What the caller knows of the file: the upload's Content-Type and/or its name. */
export type BatchFileSource = { contentType?: string | null; fileName?: string | null };

const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Types browsers and clients send for a CSV (Windows sends Excel's type for .csv files). */
const CSV_TYPES = new Set(["text/csv", "application/csv", "text/plain", "text/x-csv", "application/vnd.ms-excel", "text/comma-separated-values", "text/tab-separated-values"]);
const TEXT_EXTENSIONS = new Set(["csv", "txt", "tsv"]);
/** Types that say nothing about the content. */
const UNSPECIFIC_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream", "application/x-www-form-urlencoded"]);

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** Compound File Binary: the old .xls (and .doc) format. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const refuse = (message: string): { ok: false; problem: BatchMessage } => ({ ok: false, problem: { message } });

/**
 * CSV or XLSX, from the bytes first (an XLSX is a zip whatever it is called), then from the type
 * and name: a CSV type or extension, or nothing specific at all, is read as CSV. Anything else is
 * refused: the old binary .xls with its own advice, a declared XLSX that is not a zip, and
 * types or extensions that are neither (PDF, images, ...).
 */
export function detectFormat(bytes: Uint8Array, source: BatchFileSource): { ok: true; format: BatchFileFormat } | { ok: false; problem: BatchMessage } {
  const type = (source.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const extension = /\.([a-z0-9]{1,8})$/i.exec(source.fileName?.trim() ?? "")?.[1]?.toLowerCase() ?? "";
  if (startsWith(bytes, ZIP_MAGIC)) return { ok: true, format: "xlsx" };
  if (startsWith(bytes, OLE_MAGIC)) return refuse("batches.errors.oldExcel");
  if (type === XLSX_CONTENT_TYPE || extension === "xlsx") return refuse("batches.errors.unreadableXlsx");
  if (extension === "xls") return refuse("batches.errors.oldExcel");
  const saysText = CSV_TYPES.has(type) || TEXT_EXTENSIONS.has(extension);
  const saysNothing = UNSPECIFIC_TYPES.has(type) && extension === "";
  // Whether it really is text is for the decoder to say (NUL bytes: not text).
  if (saysText || saysNothing) return { ok: true, format: "csv" };
  return refuse("batches.errors.unsupportedFormat");
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];

/**
 * The text of a CSV: UTF-8 with or without BOM (as Brazilian Excel saves "CSV UTF-8"), UTF-16
 * with its BOM ("Unicode text"), or, when the bytes are not UTF-8, Windows-1252 (Excel's older
 * "CSV (separado por vírgulas)" on Windows). Null when it holds NUL characters: not text.
 */
export function decodeText(bytes: Uint8Array): string | null {
  let text: string;
  if (startsWith(bytes, UTF16LE_BOM)) text = new TextDecoder("utf-16le").decode(bytes);
  else if (startsWith(bytes, UTF16BE_BOM)) text = new TextDecoder("utf-16be").decode(bytes);
  else {
    const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      text = new TextDecoder("windows-1252").decode(body);
    }
  }
  return text.includes("\u0000") ? null : text;
}
