import "server-only";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { approvals, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { isServiceAccountId } from "@/lib/service-accounts/ids";
import { TransferError } from "./errors";
import { asTransferOutcome } from "./outcome";
import { isTransferState, type TransferState } from "./states";
import { announceMany, moveTransfers } from "./transition";
import type { Person } from "./types";

/**
 * What people decide on transfer requests, one request or every row of a batch at once: the
 * same rules and the same writes for both (a batch's approval is the approval of each of its
 * rows). Callers hold the rows locked in their transaction and write the audit row there.
 */

/**
 * Why this person may not approve or reject this request now, or null. Separation of duties:
 * never a service account, never the maker, never the person who submitted it (a batch's submitter); expiry counts from
 * the request's own deadline, even before the reconciler has marked it expired.
 */
export function decisionRefusal(row: TransferRequestRow, person: Person, now: Date): TransferError | null {
  // A program makes requests; a person decides on them (whatever role its account was given).
  if (isServiceAccountId(person.id)) return new TransferError("not_a_person", "transfers.errors.serviceAccountNeverDecides");
  if (row.makerId === person.id) return new TransferError("own_request", "transfers.errors.ownRequest");
  if (row.submittedById === person.id) return new TransferError("own_request", "transfers.errors.submittedByYou");
  if (row.state === "awaiting_approval" && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    return new TransferError("expired", "transfers.errors.notAwaiting.expired");
  }
  if (row.state !== "awaiting_approval") return notAwaiting(row.state);
  return null;
}

export function notAwaiting(state: string | null): TransferError {
  return new TransferError("illegal_state", `transfers.errors.notAwaiting.${state && isTransferState(state) ? state : "unknown"}`);
}

/**
 * One person approves these requests (locked by the caller). Refused as a whole when any one
 * may not be approved by them, or when they already approved any one of them (one person counts
 * once). Requests that reach their number of approvals become `approved`, or `scheduled` when
 * their day is still ahead; they are returned with the instant each may go, for the caller to
 * queue after the commit.
 */
export async function approveRequests(
  tx: Tx,
  rows: readonly TransferRequestRow[],
  approver: Person,
  now: Date,
): Promise<{ approvedIds: string[]; ready: Array<{ id: string; startAfter: Date }> }> {
  for (const row of rows) {
    const refusal = decisionRefusal(row, approver, now);
    if (refusal) throw refusal;
  }
  const ids = rows.map((r) => r.id);
  const mine = await tx
    .select({ n: count() })
    .from(approvals)
    .where(and(inArray(approvals.transferId, ids), eq(approvals.approverId, approver.id)));
  if (Number(mine[0]?.n ?? 0) > 0) throw new TransferError("already_approved", "transfers.errors.alreadyApprovedByYou");
  for (let i = 0; i < ids.length; i += 1_000) {
    await tx
      .insert(approvals)
      .values(ids.slice(i, i + 1_000).map((transferId) => ({ transferId, approverId: approver.id, approverEmail: approver.email, at: now })));
  }
  const counted = await tx
    .select({ id: approvals.transferId, n: count() })
    .from(approvals)
    .where(inArray(approvals.transferId, ids))
    .groupBy(approvals.transferId);
  const countOf = new Map(counted.map((c) => [c.id, Number(c.n)]));
  const complete = rows.filter((r) => (countOf.get(r.id) ?? 0) >= r.approvalsRequired);
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
  if (waiting.length) {
    // Still waiting: the timeline and the live screens learn of this approval anyway.
    const touched = await tx
      .update(transferRequests)
      .set({ updatedAt: now })
      .where(inArray(transferRequests.id, waiting.map((r) => r.id)))
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
  for (const row of rows) {
    const refusal = decisionRefusal(row, approver, now);
    if (refusal) throw refusal;
  }
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
 * day, or approved and never submitted. Only the maker (or the person who submitted them) may.
 */
export async function cancelRequests(tx: Tx, rows: readonly TransferRequestRow[], actor: Person, reason: string | null, now: Date): Promise<TransferRequestRow[]> {
  for (const row of rows) {
    if (row.makerId !== actor.id && row.submittedById !== actor.id) throw new TransferError("not_maker", "transfers.errors.notMaker");
    if (row.state === "approved" && (row.attempts > 0 || row.lastPostAt !== null)) throw new TransferError("illegal_state", "transfers.errors.alreadySending");
    if (row.state !== "awaiting_approval" && row.state !== "approved" && row.state !== "scheduled") throw notAwaiting(row.state);
  }
  const { moved } = await moveTransfers(
    tx,
    rows.map((r) => r.id),
    "canceled",
    {
      from: ["awaiting_approval", "approved", "scheduled"],
      guard: (r) => r.attempts === 0 && r.lastPostAt === null,
      actor,
      now,
      set: { decisionReason: reason },
      note: reason ? { key: "transfers.notes.reason", values: { reason } } : null,
    },
  );
  return moved;
}

/**
 * The maker sends again requests that `failed` without anything registered (the same ids: the
 * provider cannot pay them twice under one id, and a read-back comes first anyway). Their
 * approvals stand; the person who retries them can never approve them.
 */
export async function retryRequests(tx: Tx, rows: readonly TransferRequestRow[], actor: Person, now: Date): Promise<string[]> {
  for (const row of rows) if (row.makerId !== actor.id) throw new TransferError("not_maker", "transfers.errors.notMakerRetry");
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
