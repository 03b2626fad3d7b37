import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { RegisterPaymentBody } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { transferRequests } from "@/lib/db/schema";
import { logLine } from "@/lib/http/logger";
import { timeSubmissionStep as step } from "@/lib/metrics/registry";
import { forgetBalance, getBalance, postPayment, readBackPayment, type ReadBack } from "@/lib/payments-api";
import { followLocked } from "./follow";
import type { TransferOutcome } from "../outcome";
import { isFinal, isTransferState, type TransferState } from "../states";
import { getApprovalPolicy } from "./policy-store";
import { sendVerdict } from "../send-check";
import { applySendVerdict, loadSendFacts } from "./send-check-store";
import { moveAtOnce, type MovedAtOnce } from "./move-at-once";
import { afterReadBack, foundDecision, noBalance, retryLater, stillUnknown, unexpected, type Decision } from "./submission-decisions";
import { moveTransfer } from "./transition";

export type EngineSettings = {
  /** POSTs of one request before it is `failed` (each reuses the idempotent_id). */
  maxAttempts: number;
  /** Backoff base between submissions that certainly had no effect. */
  retryBaseMs: number;
  /** How long a claim holds: a live worker always finishes inside it. */
  leaseMs: number;
  /** After a POST whose answer was lost, how long the request is only read back before it may be sent again. */
  settleHorizonMs: number;
  /** `true`: every transfer goes out authorized (our approvals are the authorization); `false`: the provider's portal authorizes. */
  sendAuthorized: boolean;
  /** The default policy's expiry while none was saved (APPROVAL_EXPIRY_HOURS): the send-time check reads the policy in force. */
  approvalExpiryHours?: number;
};

type SubmitResult =
  | { done: true; state: TransferState; outcome: TransferOutcome | null; retryAt: Date | null }
  /** Nothing done: not this worker's (claimed elsewhere, settled), or not due before `dueAt`. */
  | { done: false; state: TransferState | null; dueAt?: Date };

/** What a submission reads of the request it claimed (with its id, state, attempts and the state it left). */
const CLAIMED = [
  "body",
  "valueCents",
  "receiverName",
  "lastPostAt",
  "outcome",
  // What the send-time check reads (./send-check.ts).
  "makerId",
  "submittedById",
  "makerTokenId",
  "approvalsRequired",
  "approvalNeed",
  "sendAt",
] as const;
type Claimed = MovedAtOnce<(typeof CLAIMED)[number]>;

/**
 * One step of a transfer request's submission, whatever state a crash left it in. Exactly once
 * lives in the database (the claim, the UNIQUE id, `last_post_at`) and at the provider (the id),
 * never in a process's memory:
 * 1. claim it under a row lock (`approved` and due, `outcome_unknown` and due for a check, or
 *    `submitting` whose worker died) -> `submitting` with a fresh claim token and a lease;
 * 2. read the payment back by its idempotent_id: found -> `registered` (or `failed` when the id
 *    belongs to another payment); the provider unreachable -> try again later, never "not sent";
 * 3. not found: if a POST of ours may still commit (it left less than the settle horizon ago),
 *    it stays `outcome_unknown` and is only read back; otherwise `last_post_at` is written FIRST,
 *    then it is POSTed with the same idempotent_id (or `failed` after `maxAttempts` POSTs);
 * 4. a lost answer (timeout, reset, 5xx, garbled) is read back once at once; still not found ->
 *    `outcome_unknown` until a read-back finds it or the horizon passes with it still absent;
 * 5. every outcome is recorded only if the claim is still ours (a superseded worker's answer is
 *    dropped: whoever holds the claim now reads the same payment back).
 */
export async function submitTransfer(db: Db, id: string, settings: EngineSettings, now = new Date()): Promise<SubmitResult> {
  const token = randomUUID();
  const claim = () => moveAtOnce(db, id, "submitting", {
    from: ["approved", "scheduled", "submitting", "outcome_unknown"],
    where: dueNow(now),
    now,
    set: {
      claimToken: token,
      leaseUntil: new Date(now.getTime() + settings.leaseMs),
      nextAttemptAt: null,
      submittedAt: sql`coalesce(${transferRequests.submittedAt}, ${now.toISOString()}::timestamptz)`,
    },
  }, CLAIMED);
  // Each step's time is recorded (pix_transfer_submission_step_seconds): where a submission's time goes.
  const row = await step("claim", claim);
  if (!row) return notClaimed(db, id, now);
  const body = bodyToSend(row, settings.sendAuthorized);

  let decision: Decision;
  let readBack: ReadBack | null = null;
  let posting = false;
  try {
    // About to go (first time, a payable's day, a retry, a release): the world it was approved in
    // is checked again. Not when it is being settled (an unknown outcome is followed, never held).
    if (row.fromState === "approved" || row.fromState === "scheduled") {
      const stopped = await step("send_check", () => checkBeforeSending(db, row, token, settings, now));
      if (stopped) return { done: true, state: stopped, outcome: null, retryAt: null };
    }
    // A payable's day came: held when the balance cannot pay it (an unreadable balance does not stop it).
    if (row.fromState === "scheduled" && !(await balanceCovers(row.valueCents))) {
      return step("record", () => record(db, row, token, noBalance(), null, now));
    }
    readBack = await step("read_back", () => readBackPayment(body));
    decision = afterReadBack(readBack, row, settings, now);
    if (decision.post) {
      if (!(await step("mark_posting", () => markPosting(db, row, token, now)))) return superseded(id, db);
      posting = true;
      decision = await step("post", () => postAndSettle(body, row, settings, now, (rb) => (readBack = rb)));
    }
  } catch (err) {
    decision = unexpected(err, row, posting, settings, now);
    logLine("error", "transfer submission failed unexpectedly", { transfer_id: id, error: String(err) });
  }
  return step("record", () => record(db, row, token, decision, readBack, now));
}

/**
 * The send-time check (./send-check.ts) on a request this worker claimed: null when it may go;
 * otherwise the state it was moved to (held, or back to awaiting approval), while the claim is
 * still ours.
 */
async function checkBeforeSending(db: Db, row: Claimed, token: string, settings: EngineSettings, now: Date): Promise<TransferState | null> {
  const policy = await getApprovalPolicy(db, settings.approvalExpiryHours);
  const facts = (await loadSendFacts(db, [row], policy, now)).get(row.id)!;
  const verdict = sendVerdict(facts);
  if (verdict.kind === "send") return null;
  const moved = await db.transaction((tx) =>
    applySendVerdict(tx, row, verdict, { from: ["submitting"], claimToken: token, policy, now, actor: null, cause: "send_time" }),
  );
  if (!moved) return (await superseded(row.id, db)).state ?? "submitting";
  return moved;
}

/**
 * May a worker claim the request now? Waiting (`approved`, a payable's day, an unknown outcome)
 * and due, or `submitting` with its worker's lease run out. Decided in the claim's statement.
 */
function dueNow(now: Date): SQL {
  const t = transferRequests;
  return or(
    and(inArray(t.state, ["approved", "scheduled", "outcome_unknown"]), or(isNull(t.nextAttemptAt), lte(t.nextAttemptAt, now))),
    and(eq(t.state, "submitting"), or(isNull(t.leaseUntil), lt(t.leaseUntil, now))),
  )!;
}

/**
 * Not claimed: settled, claimed elsewhere, or not due yet. For the last, the caller makes sure a
 * job waits for then (a job queued early may have kept the due one out).
 */
async function notClaimed(db: Db, id: string, now: Date): Promise<SubmitResult> {
  const [r] = await db
    .select({ state: transferRequests.state, nextAttemptAt: transferRequests.nextAttemptAt })
    .from(transferRequests)
    .where(eq(transferRequests.id, id));
  const state = r && isTransferState(r.state) ? r.state : null;
  const waits = state === "approved" || state === "outcome_unknown" || state === "scheduled";
  return waits && r!.nextAttemptAt && r!.nextAttemptAt > now ? { done: false, state, dueAt: r!.nextAttemptAt } : { done: false, state };
}

/** Steps 3 and 4: POST, and settle a lost answer with one read-back at once. */
async function postAndSettle(
  body: RegisterPaymentBody,
  row: Claimed,
  s: EngineSettings,
  now: Date,
  seen: (rb: ReadBack) => void,
): Promise<Decision> {
  const posted = await postPayment(body);
  switch (posted.kind) {
    case "registered":
      return { state: "registered", outcome: { kind: "registered", reference_code: posted.reference_code, status: posted.status, found_by_read_back: false }, retryAt: null, note: null };
    case "refused":
      return { state: "refused", outcome: posted, retryAt: null, note: null };
    case "not_sent":
      return { ...retryLater({ kind: "not_registered", lost: posted.lost, sent: false }, row, s, now), unpost: true };
    case "ambiguous": {
      const rb = await readBackPayment(body);
      seen(rb);
      if (rb.kind === "found") return foundDecision(rb);
      return stillUnknown(null, posted.lost, { ...row, lastPostAt: now }, s, now);
    }
  }
}

/** Writes that a POST is about to leave, while the claim is still ours; false when it was taken over. */
async function markPosting(db: Db, row: Claimed, token: string, now: Date): Promise<boolean> {
  const marked = await db
    .update(transferRequests)
    .set({ lastPostAt: now, attempts: sql`${transferRequests.attempts} + 1` })
    .where(and(eq(transferRequests.id, row.id), eq(transferRequests.claimToken, token), eq(transferRequests.state, "submitting")))
    .returning({ id: transferRequests.id });
  return marked.length === 1;
}

/** Step 5: the decision, recorded only while the claim is ours, with its audit row. */
async function record(db: Db, row: Claimed, token: string, d: Decision, rb: ReadBack | null, now: Date): Promise<SubmitResult> {
  const set = {
    claimToken: null,
    leaseUntil: null,
    nextAttemptAt: d.retryAt,
    ...(d.unpost ? { lastPostAt: row.lastPostAt, attempts: row.attempts } : {}),
    ...(d.outcome.kind === "registered" ? { referenceCode: d.outcome.reference_code, providerStatus: d.outcome.status, providerCheckedAt: now } : {}),
    ...(d.outcome.kind === "conflict" ? { referenceCode: null } : {}),
  };
  const audit = {
    actor: null,
    action: "transfer.submit" as const,
    target: row.idempotentId,
    outcome: d.state,
    detail: { transfer_id: row.id, value_cents: row.valueCents, receiver_name: row.receiverName, outcome: d.outcome },
  };
  const move = { from: ["submitting"] as const, claimToken: token, outcome: d.outcome, now, set, note: d.note };
  // The common case (sent, or waiting to be sent or confirmed) is one statement. A final state
  // counts in its batch's state, and a read-back that showed the payment is followed at once:
  // both need the locked row in a transaction.
  const needsTransaction = isFinal(d.state) || (d.state === "registered" && rb?.kind === "found");
  if (!needsTransaction) {
    const moved = await moveAtOnce(db, row.id, d.state, { ...move, audit });
    if (!moved) return superseded(row.id, db);
  } else {
    const settled = await db.transaction(async (tx) => {
      const moved = await moveTransfer(tx, row.id, d.state, move);
      if (!moved.moved) return moved;
      await recordAudit({ ...audit, detail: { ...audit.detail, attempt: moved.row.attempts } }, tx);
      // The read-back already showed a final status: follow it now, in the same transaction.
      if (d.state === "registered" && rb?.kind === "found") await followLocked(tx, moved.row, rb.payment, "engine", now);
      return moved;
    });
    if (!settled.moved) return superseded(row.id, db, settled.current);
  }
  // The money is now blocked at the provider: the next balance read must not be the cached one.
  if (d.state === "registered") forgetBalance();
  return { done: true, state: d.state, outcome: d.outcome, retryAt: d.retryAt };
}

async function superseded(id: string, db: Db, current?: TransferState | null): Promise<SubmitResult> {
  logLine("warn", "transfer outcome dropped: the claim was taken over", { transfer_id: id, current });
  if (current !== undefined) return { done: false, state: current };
  const [r] = await db.select({ state: transferRequests.state }).from(transferRequests).where(eq(transferRequests.id, id));
  return { done: false, state: (r?.state as TransferState | undefined) ?? null };
}

/** Does the provider's available balance cover this amount? Unknown (the read failed) counts as yes. */
async function balanceCovers(cents: number): Promise<boolean> {
  try {
    return (await getBalance()).availableCents >= cents;
  } catch {
    return true;
  }
}

/**
 * What goes to the provider: the stored body, authorized by our approvals (PROVIDER_AUTHORIZATION
 * `ours`) or left to the provider's portal (`portal`).
 */
function bodyToSend(row: Claimed, authorized: boolean): RegisterPaymentBody {
  return { ...(row.body as RegisterPaymentBody), authorized };
}
