import { registerTransferSchema, type RegisterTransfer } from "@/lib/contract/register";
import { nicknameKey } from "@/lib/receivers/search";
import type { SavedReceiver } from "@/lib/receivers/types";
import { DESCRIPTION_MAX } from "@/lib/transfers/input";
import { BATCH_COLUMNS, type BatchColumn } from "./columns";
import { readRowBody, type BatchField, type BatchRowError } from "./row-body";
import type { BatchCells, ParsedBatchRow } from "./rows";
import { batchTotals, type BatchTotals } from "./totals";
import { isPlainText } from "@/lib/pix/text";

export type { BatchField, BatchRowError } from "./row-body";

type ValidBatchRow = {
  line: number;
  state: "valid";
  cells: BatchCells;
  idempotent_id: string;
  value_cents: number;
  /** Exactly what `registerTransferSchema` outputs: the body to register, as the single form's. */
  transfer: RegisterTransfer;
  /** What is ours beside the transfer: its description, cost centre and the saved receiver it named. */
  payable: RowPayable;
  errors?: undefined;
};

export type RowPayable = { description: string | null; costCentreId: string | null; receiverId: string | null };

/** A cost centre a row may name by its code. */
export type BatchCostCentre = { id: string; code: string; active: boolean };

export type InvalidBatchRow = {
  line: number;
  state: "invalid";
  cells: BatchCells;
  /** The id the row would have had (its own or the default). */
  idempotent_id: string;
  /** The amount when it could be read. */
  value_cents: number | null;
  transfer?: undefined;
  /** At least one; the first per field. Never sent. */
  errors: BatchRowError[];
};

export type ValidatedBatchRow = ValidBatchRow | InvalidBatchRow;

type ValidateBatchOptions = {
  /** The batch's id: default row ids are derived from it. Visible ASCII, at most 200 characters. */
  batchId: string;
  /** Which of these ids were already used (a store query); those rows are invalid. */
  isIdUsed: (ids: string[]) => Promise<Set<string>>;
  /** The active saved receivers with these nicknames, by `nicknameKey` (a store query). */
  findReceivers?: (nicknames: string[]) => Promise<Map<string, SavedReceiver>>;
  /** The cost centres with these codes (upper case), by code (a store query). */
  findCostCentres?: (codes: string[]) => Promise<Map<string, BatchCostCentre>>;
};

type BatchValidation = { rows: ValidatedBatchRow[]; totals: BatchTotals };

const BATCH_ID_RE = /^[\x21-\x7e]{1,200}$/;

/**
 * A row's id when the file gives none: `batch-<batchId>-<line>`. The same batch and line always
 * give the same id, so submitting a batch again (a retry, a restart) can never pay a row twice.
 */
export function defaultRowId(batchId: string, line: number): string {
  if (!BATCH_ID_RE.test(batchId)) throw new Error("A batch id is 1 to 200 visible ASCII characters");
  return `batch-${batchId}-${line}`;
}

/** The schema's paths, by the file column that shows them. */
const FIELD_BY_PATH: Record<string, BatchColumn> = {
  value_cents: "amount",
  receiver_bank_ispb: "bank_ispb",
  receiver_agency: "agency",
  receiver_account: "account",
  receiver_account_type: "account_type",
};
const COLUMN_NAMES = new Set<string>(BATCH_COLUMNS);

function fieldForPath(path: PropertyKey | undefined): BatchField {
  const name = String(path ?? "");
  return FIELD_BY_PATH[name] ?? (COLUMN_NAMES.has(name) ? (name as BatchColumn) : "row");
}

/** Same receiver, same amount, same destination: most likely a row pasted twice. */
function sameTransferKey(t: RegisterTransfer): string {
  const destination =
    t.initiation_type === "manual"
      ? `bank:${t.receiver_bank_ispb}:${t.receiver_agency}:${t.receiver_account}`
      : `key:${t.pix_key_type}:${t.pix_key}`;
  return `${t.receiver_document}|${t.value_cents}|${destination}`;
}

/**
 * Every row -> a valid transfer (THE registration schema's output) or its errors: what the
 * schema checks (check digits, key formats, the amount limit, required fields, bank data), then
 * rows repeating an earlier row (same receiver, amount and key or account; or same id) and rows
 * whose id was already used. Schema messages are passed as they are; ours are `batches.errors.*`
 * keys. Rows come back in file order with the totals of the valid ones.
 */
export async function validateBatchRows(rows: readonly ParsedBatchRow[], options: ValidateBatchOptions): Promise<BatchValidation> {
  const nicknames = [...new Set(rows.flatMap((r) => (r.cells.receiver_nickname ? [r.cells.receiver_nickname] : [])))];
  const codes = [...new Set(rows.flatMap((r) => (r.cells.cost_centre ? [r.cells.cost_centre.toUpperCase()] : [])))];
  const [saved, centres] = await Promise.all([
    nicknames.length && options.findReceivers ? options.findReceivers(nicknames) : new Map<string, SavedReceiver>(),
    codes.length && options.findCostCentres ? options.findCostCentres(codes) : new Map<string, BatchCostCentre>(),
  ]);
  const checked: ValidatedBatchRow[] = rows.map((row) => {
    const idempotentId = row.cells.idempotent_id ?? defaultRowId(options.batchId, row.line);
    const receiver = row.cells.receiver_nickname === undefined ? undefined : (saved.get(nicknameKey(row.cells.receiver_nickname)) ?? null);
    const reading = readRowBody(row, idempotentId, receiver);
    const parsed = registerTransferSchema.safeParse(reading.body);
    const errors = [...reading.errors];
    const payable = readPayable(row.cells, centres, errors);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = fieldForPath(issue.path[0]);
        // One message per field: what could not be read says more than what the schema makes of it.
        if (!reading.explained.has(field) && !errors.some((e) => e.field === field)) errors.push({ field, message: issue.message });
      }
    }
    if (parsed.success && errors.length === 0) {
      const transfer = parsed.data;
      return {
        line: row.line,
        state: "valid",
        cells: row.cells,
        idempotent_id: transfer.idempotent_id,
        value_cents: transfer.value_cents,
        transfer,
        payable: { ...payable, receiverId: receiver?.id ?? null },
      };
    }
    return { line: row.line, state: "invalid", cells: row.cells, idempotent_id: idempotentId.trim(), value_cents: reading.valueCents, errors };
  });

  const firstById = new Map<string, number>();
  const firstBySameTransfer = new Map<string, number>();
  for (const [index, row] of checked.entries()) {
    if (row.state !== "valid") continue;
    const sameId = firstById.get(row.idempotent_id);
    const sameTransfer = firstBySameTransfer.get(sameTransferKey(row.transfer));
    if (sameId !== undefined) {
      checked[index] = invalidate(row, { field: "idempotent_id", message: "batches.errors.duplicateId", values: { line: sameId } });
    } else if (sameTransfer !== undefined) {
      checked[index] = invalidate(row, { field: "row", message: "batches.errors.duplicateInFile", values: { line: sameTransfer } });
    } else {
      firstById.set(row.idempotent_id, row.line);
      firstBySameTransfer.set(sameTransferKey(row.transfer), row.line);
    }
  }

  const candidates = checked.filter((row) => row.state === "valid").map((row) => row.idempotent_id);
  const used = candidates.length > 0 ? await options.isIdUsed(candidates) : new Set<string>();
  const validated = checked.map((row) =>
    row.state === "valid" && used.has(row.idempotent_id)
      ? invalidate(row, { field: "idempotent_id", message: "batches.errors.idUsed", values: { id: row.idempotent_id } })
      : row,
  );
  return { rows: validated, totals: batchTotals(validated) };
}

function invalidate(row: ValidBatchRow, error: BatchRowError): InvalidBatchRow {
  return { line: row.line, state: "invalid", cells: row.cells, idempotent_id: row.idempotent_id, value_cents: row.value_cents, errors: [error] };
}

/** The row's description (at most DESCRIPTION_MAX characters) and its cost centre by code (known and in use). */
function readPayable(cells: BatchCells, centres: Map<string, BatchCostCentre>, errors: BatchRowError[]): Omit<RowPayable, "receiverId"> {
  const description = cells.description ?? null;
  if (description && description.length > DESCRIPTION_MAX) errors.push({ field: "description", message: "validation.description.tooLong" });
  else if (description && !isPlainText(description)) errors.push({ field: "description", message: "validation.text.notPlain" });
  let costCentreId: string | null = null;
  if (cells.cost_centre !== undefined) {
    const centre = centres.get(cells.cost_centre.toUpperCase());
    if (!centre) errors.push({ field: "cost_centre", message: "batches.errors.unknownCostCentre", values: { code: cells.cost_centre } });
    else if (!centre.active) errors.push({ field: "cost_centre", message: "batches.errors.inactiveCostCentre", values: { code: centre.code } });
    else costCentreId = centre.id;
  }
  return { description, costCentreId };
}
