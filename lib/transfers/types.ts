/**
 * A transfer request as our API answers it and pages show it (client-safe: types only).
 * Wire names (snake_case), like the provider's, so one shape travels from the store to the page.
 */
import type { AccountTypeCode, InitiationType, PixKeyType } from "@/lib/contract/enums";
import type { TransferOutcome } from "./outcome";
import type { TransferState } from "./states";

export type Person = { id: string; email: string };

/** Why a transfer needs a person (lib/transfers/attention.ts), each worded in `transfers.attention`. */
export const ATTENTION_REASONS = [
  "provider_canceled",
  "refused",
  "failed",
  "outcome_unknown",
  "authorization_pending",
  "authorize_in_portal",
  "not_final",
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export type TransferRequest = {
  id: string;
  idempotent_id: string;
  state: TransferState;
  value_cents: number;
  receiver_name: string;
  receiver_document: string;
  initiation_type: InitiationType;
  pix_key_type: PixKeyType | null;
  pix_key: string | null;
  bank: { ispb: string; agency: string; account: string; account_type: AccountTypeCode } | null;
  authorized: boolean;
  maker: Person;
  /** Who made it go: the maker, or the person who submitted its batch. */
  submitted_by: Person | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  settled_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
  outcome: TransferOutcome | null;
  reference_code: string | null;
  provider_status: string | null;
  /** The Pix end-to-end id, once the provider sent it. */
  end_to_end: string | null;
  /** When the provider completed it (state `paid`). */
  payment_date: string | null;
  /** The provider's reason and date (state `provider_canceled`). */
  cancellation_reason: string | null;
  cancellation_date: string | null;
  registered_at: string | null;
  /** When our last POST of it left (an unknown outcome is only read back for the settle horizon after it). */
  last_post_at: string | null;
  /** While the outcome is unknown: until when it is only read back (after that, still absent, it may be sent again). */
  settle_until: string | null;
  /** What needs a person now, or null; `attention_handled` when someone marked it handled. */
  attention: AttentionReason | null;
  attention_handled: { by: Person; at: string; note: string } | null;
  approvals_required: number;
  approvals: Array<{ approver: Person; at: string }>;
  expires_at: string | null;
  decision_reason: string | null;
  batch_id: string | null;
  batch_line: number | null;
  /** A payable: the Brazil day it goes out and the instant (the day at SCHEDULE_SEND_TIME). */
  scheduled_for: string | null;
  send_at: string | null;
  /** An occurrence of a recurring series. */
  series_id: string | null;
  description: string | null;
  cost_centre: { id: string; code: string; name: string } | null;
  /** The saved receiver it was made from. */
  receiver_id: string | null;
};

/** One step of a request's timeline. `note` is a message key with its values (lib/i18n). */
export type TransferEvent = {
  at: string;
  from_state: TransferState | null;
  to_state: TransferState;
  actor: Person | null;
  note: { key: string; values?: Record<string, string | number> } | null;
  outcome: TransferOutcome | null;
};

/** What the approver weighs about the receiver (lib/transfers/receiver-check.ts). */
export type ReceiverCheck = {
  /** The saved receiver ("favorecido") the request was made from, and since when it is saved. */
  saved: { id: string; nickname: string; since: string } | null;
  /** Earlier requests to the same CPF/CNPJ (not counting rejected, canceled or expired ones). */
  earlier: number;
  /** Names those earlier requests carried that differ from this one's, accents and case aside. */
  other_names: string[];
};

/** A recurring series and all its occurrences (lib/transfers/series-view.ts). */
export type SeriesView = {
  id: string;
  every: "week" | "month";
  count: number | null;
  until: string | null;
  maker: Person;
  stopped_at: string | null;
  stopped_by: Person | null;
  occurrences: Array<{ id: string; scheduled_for: string; state: TransferState; value_cents: number }>;
};

export type TransferDetail = TransferRequest & { history: TransferEvent[]; receiver_check: ReceiverCheck; series: SeriesView | null };

/** A page of the list; `total` and `total_value_cents` count every request the filters match, not only this page. */
export type TransferListMeta = { page: number; page_size: number; total: number; total_pages: number; total_value_cents: number };

/** A reconciliation finding as /api/reconciliation answers it. */
export type Finding = {
  id: number;
  kind: string;
  idempotent_id: string;
  reference_code: string | null;
  provider_status: string | null;
  value_cents: number | null;
  detail: Record<string, unknown>;
  found_at: string;
  state: "open" | "resolved";
  resolved_by: string | null;
  resolved_at: string | null;
  resolution_note: string | null;
};
