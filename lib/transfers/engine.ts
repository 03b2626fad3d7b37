import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { RegisterPaymentBody } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { forgetBalance, isPaymentsApiError, submitPayment } from "@/lib/payments-api";
import { logLine } from "@/lib/http/logger";
import { asTransferOutcome, type TransferOutcome } from "./outcome";
import type { TransferState } from "./states";
import { moveTransfer } from "./transition";

export type EngineSettings = {
  /** Submissions of one request before it is `failed` (each reuses the idempotent_id). */
  maxAttempts: number;
  /** Backoff base between submissions that certainly had no effect. */
  retryBaseMs: number;
  /** How long a claim holds: a live worker always finishes inside it. */
  leaseMs: number;
};

type SubmitResult =
  | { done: true; state: TransferState; outcome: TransferOutcome; retryAt: Date | null }
  | { done: false; state: TransferState | null };

/** The longest wait between two submissions of one request. */
const MAX_BACKOFF_MS = 5 * 60_000;

/**
 * Submits one transfer request, whatever state a crash left it in:
 * 1. claim it under a row lock: `approved` and due, or `submitting` / `outcome_unknown` whose
 *    claim lapsed (its worker died, or its outcome is still to be settled) -> `submitting`,
 *    attempts + 1, a fresh claim token and a lease. Nobody else can hold it meanwhile;
 * 2. submitPayment (lib/payments-api/submit.ts): reads back first, POSTs with the request's own
 *    idempotent_id only if the provider does not have it, settles a lost answer by reading back;
 * 3. record the outcome only if the claim is still ours (a superseded worker's answer is
 *    dropped: whoever holds the claim now reads the same payment back).
 * Exactly once lives in the database (the claim, the UNIQUE id) and at the provider (the id),
 * never in a process's memory. Retries reuse the same id; the caller schedules them (`retryAt`).
 */
export async function submitTransfer(db: Db, id: string, settings: EngineSettings, now = new Date()): Promise<SubmitResult> {
  const token = randomUUID();
  const claim = await db.transaction((tx) =>
    moveTransfer(tx, id, "submitting", {
      from: ["approved", "submitting", "outcome_unknown"],
      guard: (row) => isDue(row, now),
      set: {
        attempts: sql`${transferRequests.attempts} + 1`,
        claimToken: token,
        leaseUntil: new Date(now.getTime() + settings.leaseMs),
        nextAttemptAt: null,
        submittedAt: sql`coalesce(${transferRequests.submittedAt}, ${now.toISOString()}::timestamptz)`,
      },
    }),
  );
  if (!claim.moved) return { done: false, state: claim.current };
  const row = claim.row;
  const previous = asTransferOutcome(row.outcome);

  let outcome: TransferOutcome;
  try {
    outcome = await submitPayment(bodyToSend(row));
  } catch (err) {
    outcome = unexpected(err);
    logLine("error", "transfer submission failed unexpectedly", { transfer_id: id, error: String(err) });
  }

  const decision = decide(outcome, previous, row.attempts, settings, new Date());
  const settled = await db.transaction(async (tx) => {
    const moved = await moveTransfer(tx, id, decision.state, {
      from: ["submitting"],
      claimToken: token,
      outcome: decision.outcome,
      set: {
        claimToken: null,
        leaseUntil: null,
        nextAttemptAt: decision.retryAt,
        ...(decision.outcome.kind === "registered"
          ? { referenceCode: decision.outcome.reference_code, providerStatus: decision.outcome.status, providerCheckedAt: new Date() }
          : {}),
        ...(decision.outcome.kind === "conflict" ? { referenceCode: null } : {}),
      },
      note: decision.note,
    });
    // Every submission's outcome is on record, as it is, with the transfer it belongs to.
    if (moved.moved) {
      await recordAudit(
        {
          actor: null,
          action: "transfer.submit",
          target: row.idempotentId,
          outcome: decision.state,
          detail: { transfer_id: id, attempt: row.attempts, value_cents: row.valueCents, receiver_name: row.receiverName, outcome: decision.outcome },
        },
        tx as unknown as Db,
      );
    }
    return moved;
  });
  if (!settled.moved) {
    logLine("warn", "transfer outcome dropped: the claim was taken over", { transfer_id: id, current: settled.current });
    return { done: false, state: settled.current };
  }
  // The money is now blocked at the provider: the next balance read must not be the cached one.
  if (decision.state === "registered") forgetBalance();
  return { done: true, state: decision.state, outcome: decision.outcome, retryAt: decision.retryAt };
}

/** May a worker claim this request now? */
function isDue(row: TransferRequestRow, now: Date): boolean {
  const due = !row.nextAttemptAt || row.nextAttemptAt.getTime() <= now.getTime();
  const lapsed = !row.leaseUntil || row.leaseUntil.getTime() < now.getTime();
  switch (row.state) {
    case "approved":
      return due;
    case "submitting":
      return lapsed;
    case "outcome_unknown":
      return lapsed && due;
    default:
      return false;
  }
}

type Decision = {
  state: TransferState;
  outcome: TransferOutcome;
  retryAt: Date | null;
  note: { key: string; values?: Record<string, string | number> } | null;
};

/** What an outcome means for the request. */
export function decide(
  outcome: TransferOutcome,
  previous: TransferOutcome | null,
  attempts: number,
  settings: EngineSettings,
  now: Date,
): Decision {
  const retryAt = () => new Date(now.getTime() + backoffMs(attempts, settings.retryBaseMs));
  switch (outcome.kind) {
    case "registered":
      return { state: "registered", outcome, retryAt: null, note: null };
    case "refused":
      return { state: "refused", outcome, retryAt: null, note: null };
    case "conflict":
      return { state: "failed", outcome, retryAt: null, note: { key: "transfers.notes.idTaken" } };
    case "unknown":
      return { state: "outcome_unknown", outcome, retryAt: retryAt(), note: null };
    case "not_registered":
      // Nothing went out this time, but an earlier answer was lost: still unknown.
      if (!outcome.sent && previous?.kind === "unknown") {
        return { state: "outcome_unknown", outcome: previous, retryAt: retryAt(), note: null };
      }
      if (attempts >= settings.maxAttempts) {
        return { state: "failed", outcome, retryAt: null, note: { key: "transfers.notes.gaveUp", values: { attempts } } };
      }
      return { state: "approved", outcome, retryAt: retryAt(), note: { key: "transfers.notes.retrying", values: { attempt: attempts } } };
  }
}

/** Exponential backoff with jitter: between half and all of base * 2^(attempt-1), capped. */
export function backoffMs(attempt: number, baseMs: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** What goes to the provider: the stored body; an approved request goes out authorized (the approval is the authorization). */
function bodyToSend(row: TransferRequestRow): RegisterPaymentBody {
  const body = { ...row.body } as RegisterPaymentBody;
  if (row.approvalsRequired > 0) body.authorized = true;
  return body;
}

/** A failure that is not the provider's: our own invalid body is a refusal; anything else may have sent it. */
function unexpected(err: unknown): TransferOutcome {
  if (isPaymentsApiError(err) && err.kind === "invalid") {
    return { kind: "refused", http_status: 0, message: err.message, ...(err.fields ? { fields: err.fields } : {}) };
  }
  return { kind: "unknown", lost: { failure: "network" } };
}
