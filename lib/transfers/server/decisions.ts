import "server-only";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { approvals, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import { asTransferOutcome } from "../outcome";
import { requiredApprovals } from "../approval-need";
import type { ApprovalPolicy } from "../policy";
import { nothingSentYet, type TransferState } from "../states";
import { decisionRefusal, holdersOf, notAwaiting } from "./who-decides";
import { announceMany, moveTransfers } from "./transition";
import type { Person } from "../types";

/**
 * What people decide on transfer requests, one request or every row of a batch at once: the
 * same rules and the same writes for both (a batch's approval is the approval of each of its
 * rows). Callers hold the rows locked in their transaction and write the audit row there.
 */

export { decisionRefusal, notAwaiting } from "./who-decides";

/** Refuses the whole decision when this person may not take it on any one of these requests. */
async function refuseUnlessMayDecide(tx: Tx, rows: readonly TransferRequestRow[], person: Person, now: Date): Promise<void> {
  const holders = await holdersOf(tx, rows.flatMap((r) => [r.makerId, r.submittedById]));
  for (const row of rows) {
    const refusal = decisionRefusal(row, person, now, holders);
    if (refusal) throw refusal;
  }
}

/**
 * One person approves these requests (locked by the caller). Refused as a whole when any one
 * may not be approved by them, or when they already approved any one of them (one person counts
 * once). Requests that reach the approvals the policy in force now asks for (never fewer than
 * they were made with) become `approved`, or `scheduled` when their day is still ahead; they are
 * returned with the instant each may go, for the caller to queue after the commit.
 */
export async function approveRequests(
  tx: Tx,
  rows: readonly TransferRequestRow[],
  approver: Person,
  now: Date,
  policy: ApprovalPolicy,
): Promise<{ approvedIds: string[]; ready: Array<{ id: string; startAfter: Date }> }> {
  await refuseUnlessMayDecide(tx, rows, approver, now);
  const ids = rows.map((r) => r.id);
  const mine = await tx
    .select({ n: count() })
    .from(approvals)
    .where(and(inArray(approvals.transferId, ids), eq(approvals.approverId, approver.id), isNull(approvals.voidedAt)));
  if (Number(mine[0]?.n ?? 0) > 0) throw new ApiError("already_approved", "transfers.errors.alreadyApprovedByYou");
  for (let i = 0; i < ids.length; i += 1_000) {
    // An approval of theirs voided earlier (they had lost `approve`) counts again from now.
    await tx
      .insert(approvals)
      .values(ids.slice(i, i + 1_000).map((transferId) => ({ transferId, approverId: approver.id, approverEmail: approver.email, at: now })))
      .onConflictDoUpdate({ target: [approvals.transferId, approvals.approverId], set: { at: now, voidedAt: null, voidReason: null, approverEmail: approver.email } });
  }
  const counted = await tx
    .select({ id: approvals.transferId, n: count() })
    .from(approvals)
    .where(and(inArray(approvals.transferId, ids), isNull(approvals.voidedAt)))
    .groupBy(approvals.transferId);
  const countOf = new Map(counted.map((c) => [c.id, Number(c.n)]));
  const requiredOf = new Map(rows.map((r) => [r.id, requiredApprovals(policy, r)]));
  const complete = rows.filter((r) => (countOf.get(r.id) ?? 0) >= requiredOf.get(r.id)!);
  const waiting = rows.filter((r) => !complete.includes(r));
  const later = (r: TransferRequestRow) => r.sendAt !== null && r.sendAt.getTime() > now.getTime();
  const note = { key: "transfers.notes.approvedAll", values: { count: countOf.get(complete[0]?.id ?? "") ?? 0 } };
  const { moved: atOnce } = await moveTransfers(tx, complete.filter((r) => !later(r)).map((r) => r.id), "approved", { from: ["awaiting_approval"], actor: approver, now, note });
  const scheduled: TransferRequestRow[] = [];
  // Each scheduled one waits for its own day (its own instant: one statement per distinct instant).
  for (const [at, group] of groupBy(complete.filter(later), (r) => r.sendAt!.getTime())) {
    const { moved } = await moveTransfers(tx, group.map((r) => r.id), "scheduled", { from: ["awaiting_approval"], actor: approver, now, note, set: { nextAttemptAt: new Date(at) } });
    scheduled.push(...moved);
  }
  const moved = [...atOnce, ...scheduled];
  // Still waiting: the timeline and the live screens learn of this approval anyway (and of a
  // tightened policy's count, when it asks for more than the request was made with).
  for (const [required, group] of groupBy(waiting, (r) => requiredOf.get(r.id)!)) {
    const touched = await tx
      .update(transferRequests)
      .set({ updatedAt: now, approvalsRequired: sql`greatest(${transferRequests.approvalsRequired}, ${required})` })
      .where(inArray(transferRequests.id, group.map((r) => r.id)))
      .returning();
    await announceMany(tx, touched);
  }
  return {
    approvedIds: moved.map((r) => r.id),
    ready: [...atOnce.map((r) => ({ id: r.id, startAfter: now })), ...scheduled.map((r) => ({ id: r.id, startAfter: r.sendAt! }))],
  };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** One person rejects these requests (locked by the caller): nothing of them is ever sent. */
export async function rejectRequests(tx: Tx, rows: readonly TransferRequestRow[], approver: Person, reason: string, now: Date): Promise<TransferRequestRow[]> {
  await refuseUnlessMayDecide(tx, rows, approver, now);
  const { moved } = await moveTransfers(
    tx,
    rows.map((r) => r.id),
    "rejected",
    { from: ["awaiting_approval"], actor: approver, now, set: { decisionReason: reason }, note: { key: "transfers.notes.reason", values: { reason } } },
  );
  return moved;
}

/**
 * The maker withdraws requests before anything was sent: waiting for approval, waiting for their
 * day, approved and never submitted, or held. Only the maker (or the person who submitted them)
 * may; a held request also by an admin (`mayCancelHeld`: its maker may be the one deactivated).
 */
export async function cancelRequests(
  tx: Tx,
  rows: readonly TransferRequestRow[],
  actor: Person,
  reason: string | null,
  now: Date,
  o: { mayCancelHeld?: boolean } = {},
): Promise<TransferRequestRow[]> {
  for (const row of rows) {
    const own = row.makerId === actor.id || row.submittedById === actor.id;
    if (!own && !(row.state === "held" && o.mayCancelHeld)) throw new ApiError("not_maker", "transfers.errors.notMaker");
    if (row.state === "approved" && !nothingSentYet(row)) throw new ApiError("illegal_state", "transfers.errors.alreadySending");
    if (!CANCELABLE.includes(row.state as TransferState)) throw notAwaiting(row.state);
  }
  const { moved } = await moveTransfers(
    tx,
    rows.map((r) => r.id),
    "canceled",
    {
      from: CANCELABLE,
      guard: nothingSentYet,
      actor,
      now,
      set: { decisionReason: reason },
      note: reason ? { key: "transfers.notes.reason", values: { reason } } : null,
    },
  );
  return moved;
}

const CANCELABLE: readonly TransferState[] = ["awaiting_approval", "approved", "scheduled", "held"];

/**
 * The maker (or submitter) releases held requests once what held them is mended (the balance
 * topped up, say): `approved` again, due now. The engine checks them again before sending, so a
 * request whose maker is still deactivated or whose token is still revoked is held again.
 */
export async function releaseRequests(tx: Tx, rows: readonly TransferRequestRow[], actor: Person, now: Date): Promise<string[]> {
  for (const row of rows) {
    if (row.makerId !== actor.id && row.submittedById !== actor.id) throw new ApiError("not_maker", "transfers.errors.notMakerRelease");
    if (row.state !== "held") throw notAwaiting(row.state);
  }
  const { moved } = await moveTransfers(tx, rows.map((r) => r.id), "approved", {
    from: ["held"],
    guard: nothingSentYet,
    actor,
    now,
    set: { nextAttemptAt: null },
    note: { key: "transfers.notes.released" },
  });
  return moved.map((r) => r.id);
}

/**
 * The maker sends again requests that `failed` without anything registered (the same ids: the
 * provider cannot pay them twice under one id, and a read-back comes first anyway). Their
 * approvals stand; the person who retries them can never approve them.
 */
export async function retryRequests(tx: Tx, rows: readonly TransferRequestRow[], actor: Person, now: Date): Promise<string[]> {
  for (const row of rows) if (row.makerId !== actor.id) throw new ApiError("not_maker", "transfers.errors.notMakerRetry");
  const retriable = rows.filter((r) => r.state === "failed" && asTransferOutcome(r.outcome)?.kind === "not_registered");
  const { moved } = await moveTransfers(
    tx,
    retriable.map((r) => r.id),
    "approved",
    {
      from: ["failed"],
      actor,
      now,
      set: { attempts: 0, nextAttemptAt: null, settledAt: null, submittedById: actor.id, submittedByEmail: actor.email },
      note: { key: "transfers.notes.retriedByPerson" },
    },
  );
  return moved.map((r) => r.id);
}

/** Locks these requests (by id), in a stable order. */
export async function lockRequests(
  tx: Tx,
  where: { ids?: string[]; batchId?: string; seriesId?: string; states?: TransferState[] },
): Promise<TransferRequestRow[]> {
  const conditions = [
    ...(where.ids ? [inArray(transferRequests.id, where.ids)] : []),
    ...(where.batchId ? [eq(transferRequests.batchId, where.batchId)] : []),
    ...(where.seriesId ? [eq(transferRequests.seriesId, where.seriesId)] : []),
    ...(where.states ? [inArray(transferRequests.state, where.states)] : []),
  ];
  if (!conditions.length) return [];
  return tx
    .select()
    .from(transferRequests)
    .where(conditions.length === 1 ? conditions[0] : and(...conditions))
    .orderBy(sql`${transferRequests.id}`)
    .for("update");
}
