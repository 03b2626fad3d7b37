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
 *   read-back settles it;
 * - held: never sent: when it was about to go, its maker, token or the balance no longer allowed it.
 */
import type { z } from "zod";
import type { transferOutcomeSchema } from "./answers";

/** The schema (lib/transfers/answers.ts) is the source of the type; `sent` false: the POST never went out this time. */
export type TransferOutcome = z.infer<typeof transferOutcomeSchema>;
/** Why an answer was lost (`http_status`: the provider's, when one came). */
export type LostAnswer = Extract<TransferOutcome, { kind: "unknown" }>["lost"];

type TransferOutcomeKind = TransferOutcome["kind"];

const OUTCOME_KINDS: readonly TransferOutcomeKind[] = ["registered", "refused", "conflict", "not_registered", "unknown", "held"];

/** A stored outcome (jsonb) read back as the type, or null when it is not one. */
export function asTransferOutcome(value: unknown): TransferOutcome | null {
  if (typeof value !== "object" || value === null) return null;
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === "string" && (OUTCOME_KINDS as readonly string[]).includes(kind) ? (value as TransferOutcome) : null;
}
