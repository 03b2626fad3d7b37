/**
 * The one outcome type of a submission, from end to end: produced once by lib/payments-api
 * (`submitPayment`), stored on the transfer request, returned by the API, written to the audit
 * log as it is and rendered by one component (components/transfers/transfer-outcome.tsx).
 * Client-safe: plain types and words, no I/O.
 *
 * - registered: the provider has it (`found_by_read_back` when our POST's answer was lost or the
 *   id was already there with the same transfer);
 * - refused: the provider said no (400/403/422), with its own words; nothing was registered;
 * - conflict: the idempotent_id already belongs to ANOTHER payment; ours was never sent;
 * - not_registered: the answer was lost and reading back found nothing: safe to send again with
 *   the same id;
 * - unknown: the answer was lost and reading back failed too: nobody may send it again until a
 *   read-back settles it.
 */
import type { PaymentStatus } from "@/lib/contract/enums";

/** Why an answer was lost. */
export type LostAnswer = {
  failure: "timeout" | "network" | "server_error" | "malformed" | "rate_limited" | "unauthorized" | "insufficient_balance";
  /** The provider's HTTP status, when one came. */
  http_status?: number;
};

export type TransferOutcome =
  | { kind: "registered"; reference_code: string; status: PaymentStatus; found_by_read_back: boolean }
  | { kind: "refused"; http_status: number; message: string; fields?: Record<string, string> }
  | { kind: "conflict"; reference_code: string; differs: string[] }
  | { kind: "not_registered"; lost: LostAnswer; /** false: the POST never went out this time. */ sent: boolean }
  | { kind: "unknown"; lost: LostAnswer };

type TransferOutcomeKind = TransferOutcome["kind"];

const OUTCOME_KINDS: readonly TransferOutcomeKind[] = ["registered", "refused", "conflict", "not_registered", "unknown"];

/** A stored outcome (jsonb) read back as the type, or null when it is not one. */
export function asTransferOutcome(value: unknown): TransferOutcome | null {
  if (typeof value !== "object" || value === null) return null;
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === "string" && (OUTCOME_KINDS as readonly string[]).includes(kind) ? (value as TransferOutcome) : null;
}
