import { readAccountType, readPixKeyType } from "./columns";
import type { TransferOutcome } from "@/lib/transfers/outcome";
import type { TransferState } from "@/lib/transfers/states";
import type { ValidatedBatchRow } from "./validate";

/**
 * One row as the batch preview shows it (and as the batch API answers it). Client-safe. Valid
 * rows carry what will be sent (key normalised, document bare); invalid rows what the file said.
 */
export type BatchPreviewRow = {
  line: number;
  state: "valid" | "invalid";
  /** Message keys (`batches.errors.*`) or the schema's own messages, per field (a file column or "row"). */
  errors?: Array<{ field: string; message: string; values?: Record<string, string | number> }>;
  idempotent_id: string;
  /** Null when the amount could not be read. */
  value_cents: number | null;
  receiver_name: string;
  receiver_document: string;
  /** A contract key type ("phone", ...) or, on an invalid row, the label as written. */
  pix_key_type?: string;
  pix_key?: string;
  /** `account_type` is a request code ("CACC", ...) or, on an invalid row, the label as written. */
  bank?: { ispb: string; agency: string; account: string; account_type: string };
  /** The saved receiver the row named (`favorecido`), its description and cost centre code, as written. */
  receiver_nickname?: string;
  description?: string;
  cost_centre?: string;
  /** Once the batch was submitted: where the row's transfer stands (its state, reference code, outcome). */
  sent?: {
    state: TransferState;
    reference_code: string | null;
    outcome: TransferOutcome | null;
    transfer_id: string | null;
    cancellation_reason?: string | null;
  };
};

/** A validated row -> its preview shape. */
export function toPreviewRow(row: ValidatedBatchRow): BatchPreviewRow {
  const { receiver_nickname, description, cost_centre } = row.cells;
  const base = {
    line: row.line,
    idempotent_id: row.idempotent_id,
    value_cents: row.value_cents,
    ...(receiver_nickname ? { receiver_nickname } : {}),
    ...(description ? { description } : {}),
    ...(cost_centre ? { cost_centre: cost_centre.toUpperCase() } : {}),
  };
  if (row.state === "valid") {
    const t = row.transfer;
    const destination =
      t.initiation_type === "manual"
        ? { bank: { ispb: t.receiver_bank_ispb ?? "", agency: t.receiver_agency ?? "", account: t.receiver_account ?? "", account_type: t.receiver_account_type ?? "" } }
        : { pix_key_type: t.pix_key_type, pix_key: t.pix_key };
    return { ...base, state: "valid", receiver_name: t.receiver_name, receiver_document: t.receiver_document, ...destination };
  }
  const c = row.cells;
  const hasBank = c.bank_ispb !== undefined || c.agency !== undefined || c.account !== undefined || c.account_type !== undefined;
  const hasKey = c.pix_key_type !== undefined || c.pix_key !== undefined;
  return {
    ...base,
    state: "invalid",
    errors: row.errors,
    receiver_name: c.receiver_name ?? "",
    receiver_document: c.receiver_document ?? "",
    ...(hasKey || !hasBank
      ? { pix_key_type: c.pix_key_type === undefined ? undefined : (readPixKeyType(c.pix_key_type) ?? c.pix_key_type), pix_key: c.pix_key }
      : {}),
    ...(hasBank
      ? {
          bank: {
            ispb: c.bank_ispb ?? "",
            agency: c.agency ?? "",
            account: c.account ?? "",
            account_type: c.account_type === undefined ? "" : (readAccountType(c.account_type) ?? c.account_type),
          },
        }
      : {}),
  };
}

/** The preview's order: invalid rows first (they need a decision), each group by line. */
export function sortForPreview<T extends Pick<BatchPreviewRow, "line" | "state">>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.state === b.state ? a.line - b.line : a.state === "invalid" ? -1 : 1));
}
