import "server-only";
import { detectDelimiter, readCsvRecords } from "@/lib/batches/csv";
import { decodeText, detectFormat, type BatchFileSource } from "@/lib/batches/file-format";
import type { BatchMessage } from "@/lib/batches/header";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS } from "@/lib/batches/limits";
import type { RecordCollector } from "@/lib/batches/rows";
import { readXlsxRecords } from "@/lib/batches/xlsx";
import { excelText } from "@/lib/export/read-csv";
import { parseBrazilDay } from "@/lib/pix/date-input";
import { parseBRL } from "@/lib/pix/money";
import type { Db } from "@/lib/db";
import type { ChargeRow } from "@/lib/db/schema";
import type { Actor } from "@/lib/domain/actor";
import { isPaymentsApiError } from "@/lib/payments-api";
import { isApiError } from "@/lib/http/api-error";
import { CHARGE_COLUMNS, OPTIONAL_CHARGE_COLUMNS, type ChargeColumn } from "./columns";
import { chargeInputSchema, type ChargeInput } from "./input";
import { createCharge } from "./service";


export type ChargeRowProblem = {
  line: number;
  message: string;
  values?: Record<string, string | number>;
  /** The row's cells as typed (a bad row of a file; the preview shows them beside the reason). */
  cells?: Partial<Record<ChargeColumn, string>>;
};
export type ChargeFileReading =
  | { ok: true; rows: Array<{ line: number; input: ChargeInput }>; errors: ChargeRowProblem[] }
  | { ok: false; problem: BatchMessage };

/**
 * The rows of a charges file (CSV in the batch files' dialects, `;` `,` or tab, or XLSX: the
 * batch readers), each read into the one charge schema: a value typed the Brazilian way
 * ("1.234,56"), a due day as dd/mm/aaaa or YYYY-MM-DD. A row that cannot be a charge is reported
 * with its line as the spreadsheet shows it (header = 1) and the first reason; it is never made.
 */
export async function readChargeFile(bytes: Uint8Array, source: BatchFileSource = {}): Promise<ChargeFileReading> {
  if (bytes.byteLength === 0) return { ok: false, problem: { message: "batches.errors.fileEmpty" } };
  if (bytes.byteLength > MAX_BATCH_BYTES) return { ok: false, problem: { message: "batches.errors.tooLarge", values: { maxMb: MAX_BATCH_BYTES / 1024 / 1024 } } };
  const format = detectFormat(bytes, source);
  if (!format.ok) return format;
  const collector = chargeCollector();
  if (format.format === "xlsx") await readXlsxRecords(bytes, collector.records);
  else {
    const text = decodeText(bytes);
    if (text === null) return { ok: false, problem: { message: "batches.errors.notText" } };
    readCsvRecords(text, detectDelimiter(text), collector.records);
  }
  return collector.result();
}

function chargeCollector() {
  let columns: Array<ChargeColumn | null> | null = null;
  let problem: BatchMessage | null = null;
  const rows: Array<{ line: number; input: ChargeInput }> = [];
  const errors: ChargeRowProblem[] = [];
  const records: RecordCollector = {
    push(line, cells) {
      if (problem) return false;
      if (cells.every((c) => c.trim() === "")) return true;
      if (!columns) {
        columns = cells.map((c) => (CHARGE_COLUMNS as readonly string[]).includes(c.trim().toLowerCase()) ? (c.trim().toLowerCase() as ChargeColumn) : null);
        const unknown = cells.find((c, i) => c.trim() !== "" && columns![i] === null);
        if (unknown !== undefined) problem = { message: "batches.errors.unknownColumn", values: { column: unknown.trim(), letter: "" } };
        const absent = CHARGE_COLUMNS.find((c) => !OPTIONAL_CHARGE_COLUMNS.has(c) && !columns!.includes(c));
        if (!problem && absent) problem = { message: "charges.import.missingColumn", values: { column: absent } };
        return !problem;
      }
      if (rows.length + errors.length >= MAX_BATCH_ROWS) {
        problem = { message: "batches.errors.tooManyRows", values: { max: MAX_BATCH_ROWS } };
        return false;
      }
      const cellsByName: Partial<Record<ChargeColumn, string>> = {};
      cells.forEach((raw, i) => {
        const column = columns![i];
        const text = excelText(raw).trim();
        if (column && text) cellsByName[column] = text;
      });
      const read = readRow(cellsByName);
      if ("input" in read) rows.push({ line, input: read.input });
      else errors.push({ line, ...read.problem, cells: cellsByName });
      return true;
    },
    fail(p) {
      problem ??= p;
    },
    // The batch readers only push and fail; the result is read below, with the charges' own shape.
    result() {
      return { ok: false, problem: problem ?? { message: "batches.errors.fileEmpty" } };
    },
  };
  return {
    records,
    result(): ChargeFileReading {
      if (problem) return { ok: false, problem };
      if (!columns) return { ok: false, problem: { message: "batches.errors.fileEmpty" } };
      if (rows.length + errors.length === 0) return { ok: false, problem: { message: "batches.errors.noRows" } };
      return { ok: true, rows, errors };
    },
  };
}

function readRow(c: Partial<Record<ChargeColumn, string>>): { input: ChargeInput } | { problem: { message: string; values?: Record<string, string | number> } } {
  const value = c.value ? parseBRL(c.value) : null;
  if (!value?.ok) return { problem: { message: c.value ? "charges.import.value" : "validation.amount.required" } };
  const day = c.due_date ? parseBrazilDay(c.due_date) : null;
  if (!day?.ok) return { problem: { message: "validation.charge.dueNotADay" } };
  const parsed = chargeInputSchema.safeParse({
    external_reference: c.external_reference ?? "",
    value_cents: value.cents,
    payer_name: c.payer_name ?? "",
    payer_document: c.payer_document ?? "",
    ...(c.payer_email ? { payer_email: c.payer_email } : {}),
    ...(c.description ? { description: c.description } : {}),
    due_date: day.day,
  });
  if (!parsed.success) return { problem: { message: parsed.error.issues[0]?.message ?? "charges.form.failed" } };
  return { input: parsed.data };
}

export type ImportOutcome = { created: number; charges: ChargeRow[]; errors: ChargeRowProblem[] };

/**
 * Makes the good rows of a charges file, one by one through createCharge (the same path as one
 * charge: row and audit first, then the provider). A row refused here (its reference already used
 * with other terms, the provider's refusal or failure) joins the errors with its line; the others
 * stand. Sending the file again makes nothing twice: each reference answers its charge.
 */
export async function importCharges(
  db: Db,
  rows: ReadonlyArray<{ line: number; input: ChargeInput }>,
  maker: Actor,
  deps: Parameters<typeof createCharge>[3],
): Promise<ImportOutcome> {
  const out: ImportOutcome = { created: 0, charges: [], errors: [] };
  for (const { line, input } of rows) {
    try {
      const { charge, created } = await createCharge(db, input, maker, deps);
      if (created) out.created++;
      if (charge.state === "error") out.errors.push({ line, message: "charges.events.refused", values: { reason: charge.errorReason ?? "" } });
      out.charges.push(charge);
    } catch (error) {
      if (isApiError(error)) out.errors.push({ line, message: error.key, values: error.values });
      else if (isPaymentsApiError(error)) out.errors.push({ line, message: "charges.import.providerFailed", values: { reason: error.message } });
      else throw error;
    }
  }
  return out;
}
