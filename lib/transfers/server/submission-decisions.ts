import "server-only";
import type { TransferRequestRow } from "@/lib/db/schema";
import { backoffDelay } from "@/lib/domain/backoff";
import { isPaymentsApiError, type ReadBack } from "@/lib/payments-api";
import type { EngineSettings } from "./engine";
import { asTransferOutcome, type LostAnswer, type TransferOutcome } from "../outcome";
import type { TransferState } from "../states";
import type { MoveNote } from "./transition";

/**
 * What each answer of the provider means for a request being submitted (lib/transfers/server/engine.ts
 * runs the steps): its next state and outcome, when it is looked at again, whether it is sent now.
 * Pure: no store, no provider.
 */

/** What these rules read of the request. */
type Submitted = Pick<TransferRequestRow, "lastPostAt" | "attempts" | "outcome">;

/** The longest wait between two submissions of one request. */
const MAX_BACKOFF_MS = 5 * 60_000;
/** Read-backs of an unknown outcome: the first soon, then sparser (half the time since the POST), at most this far apart. */
const FIRST_CHECK_MS = 1_000;
const MAX_CHECK_GAP_MS = 60_000;

export type Decision = {
  state: TransferState;
  outcome: TransferOutcome;
  retryAt: Date | null;
  note: MoveNote;
  /** Send it now (step 3). */
  post?: boolean;
  /** Undo the POST's bookkeeping: it certainly did not reach the provider. */
  unpost?: boolean;
};

/** Step 2 and 3: what a read-back means for the request. */
export function afterReadBack(rb: ReadBack, row: Submitted, s: EngineSettings, now: Date): Decision {
  const previous = asTransferOutcome(row.outcome);
  if (rb.kind === "found") return foundDecision(rb);
  const mayStillCommit = row.lastPostAt !== null && now.getTime() - row.lastPostAt.getTime() < s.settleHorizonMs;
  if (rb.kind === "unavailable") {
    // Reading failed: proves nothing. Never sent before -> it certainly is not there: wait and try again.
    if (row.lastPostAt === null) return retryLater({ kind: "not_registered", lost: rb.lost, sent: false }, row, s, now);
    return stillUnknown(previous, rb.lost, row, s, now);
  }
  if (mayStillCommit) return stillUnknown(previous, null, row, s, now);
  if (row.attempts >= s.maxAttempts) {
    const lost = previous?.kind === "unknown" || previous?.kind === "not_registered" ? previous.lost : { failure: "network" as const };
    return { state: "failed", outcome: { kind: "not_registered", lost, sent: true }, retryAt: null, note: { key: "transfers.notes.gaveUp", values: { attempts: row.attempts } } };
  }
  return { state: "submitting", outcome: previous ?? { kind: "not_registered", lost: { failure: "network" }, sent: false }, retryAt: null, note: null, post: true };
}

export function foundDecision(rb: Extract<ReadBack, { kind: "found" }>): Decision {
  if (rb.differs.length) {
    return { state: "failed", outcome: { kind: "conflict", reference_code: rb.payment.reference_code, differs: rb.differs }, retryAt: null, note: { key: "transfers.notes.idTaken" } };
  }
  return { state: "registered", outcome: { kind: "registered", reference_code: rb.payment.reference_code, status: rb.payment.status, found_by_read_back: true }, retryAt: null, note: null };
}

/** Nothing reached the provider: `approved` again, due after a backoff (or `failed` once the attempts ran out). */
export function retryLater(outcome: TransferOutcome, row: Submitted, s: EngineSettings, now: Date): Decision {
  const retryAt = new Date(now.getTime() + Math.round(backoffDelay(Math.max(1, row.attempts), { base: s.retryBaseMs, cap: MAX_BACKOFF_MS, jitter: true })));
  return { state: "approved", outcome, retryAt, note: { key: "transfers.notes.notSentRetrying" } };
}

/**
 * A POST of ours may still commit: `outcome_unknown`, read back again soon and then more
 * sparsely, and exactly at the horizon (when, still absent, it may be sent again).
 */
export function stillUnknown(previous: TransferOutcome | null, lost: LostAnswer | null, row: Submitted, s: EngineSettings, now: Date): Decision {
  const sentAt = row.lastPostAt ?? now;
  const sinceSent = now.getTime() - sentAt.getTime();
  const gap = Math.min(MAX_CHECK_GAP_MS, Math.max(FIRST_CHECK_MS, Math.floor(sinceSent / 2)));
  const horizon = sentAt.getTime() + s.settleHorizonMs;
  const next = now.getTime() < horizon ? Math.min(now.getTime() + gap, horizon) : now.getTime() + gap;
  const outcome: TransferOutcome = lost ? { kind: "unknown", lost } : previous?.kind === "unknown" ? previous : { kind: "unknown", lost: { failure: "network" } };
  return { state: "outcome_unknown", outcome, retryAt: new Date(next), note: null };
}

/** A payable's day came and the balance cannot pay it: held (needs attention), never sent to fail. */
export function noBalance(): Decision {
  return {
    state: "held",
    outcome: { kind: "held", reasons: ["insufficient_balance"] },
    retryAt: null,
    note: { key: "transfers.notes.scheduledNoBalance" },
  };
}

/**
 * A failure that is not the provider's: our own invalid body is a refusal; anything else, after
 * a POST may have left, is unknown; before, nothing was sent.
 */
export function unexpected(err: unknown, row: Submitted, posting: boolean, s: EngineSettings, now: Date): Decision {
  if (isPaymentsApiError(err) && err.kind === "invalid") {
    return { state: "refused", outcome: { kind: "refused", http_status: 0, message: err.message, ...(err.fields ? { fields: err.fields } : {}) }, retryAt: null, note: null };
  }
  const lost: LostAnswer = { failure: "network" };
  if (!posting && row.lastPostAt === null) return retryLater({ kind: "not_registered", lost, sent: false }, row, s, now);
  return stillUnknown(asTransferOutcome(row.outcome), lost, posting ? { ...row, lastPostAt: now } : row, s, now);
}
