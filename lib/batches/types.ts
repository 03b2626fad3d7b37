/**
 * A batch as our API answers it (client-safe: types only).
 */
import type { TransferOutcome } from "@/lib/transfers/outcome";
import type { TransferState } from "@/lib/transfers/states";
import type { Person } from "@/lib/transfers/types";
import type { BatchPreviewRow } from "./preview-row";

export const BATCH_STATES = ["draft", "awaiting_approval", "sending", "completed", "rejected", "canceled", "expired"] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export type Batch = {
  id: string;
  state: BatchState;
  file_name: string | null;
  file_format: "csv" | "xlsx";
  rows: number;
  valid: number;
  invalid: number;
  total_cents: number;
  approvals_required: number;
  approvals: Array<{ approver: Person; at: string }>;
  maker: Person;
  created_at: string;
  submitted_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
  decision_reason: string | null;
  /** Rows by where they stand: "invalid", "valid" (not submitted yet) or their transfer's state. */
  progress: Partial<Record<BatchRowState, number>>;
  /** Where the money went: paid, certainly not paid (canceled by the provider, refused, failed), still on its way. */
  outcome: BatchOutcome;
};

export type BatchOutcome = {
  paid: { count: number; cents: number };
  not_paid: { count: number; cents: number };
  in_flight: { count: number; cents: number };
  /** Rows that need a person (lib/transfers/attention.ts). */
  attention: number;
};

export type BatchRowState = "valid" | "invalid" | TransferState;

/** One row: what the file said or will send, and once submitted, its transfer's state and outcome. */
export type BatchRowView = Omit<BatchPreviewRow, "state"> & {
  state: BatchRowState;
  transfer_id: string | null;
  reference_code: string | null;
  outcome: TransferOutcome | null;
  provider_status: string | null;
  end_to_end: string | null;
  payment_date: string | null;
  cancellation_reason: string | null;
  /** The name of the cost centre the row named, once stored. */
  cost_centre_name: string | null;
};

/** What an approver weighs besides the totals: the largest rows and how many receivers are new. */
export type BatchReview = {
  /** Lines of the valid rows with the largest amounts, largest first (at most 5). */
  largest_lines: number[];
  /** Receivers (by document) of valid rows never paid by this back office before. */
  new_receivers: number;
};

export type BatchDetail = {
  batch: Batch;
  rows: BatchRowView[];
  review: BatchReview;
  /** How fast the rows go out once sent (BATCH_RATE_PER_SECOND). */
  pace?: { rate_per_second: number };
  /** A draft: the approvals submitting it now would ask for (its total, and each receiver's 24-hour sum). */
  submit_approvals?: number | null;
};
