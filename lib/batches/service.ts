import "server-only";
import { randomUUID } from "node:crypto";
import { and, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { RegisterTransfer } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { approvals, batchRows, batches, transferEvents, transferRequests, type BatchRow } from "@/lib/db/schema";
import { bodyHash, canonicalBody } from "@/lib/transfers/body";
import { TransferError } from "@/lib/transfers/errors";
import { TRANSFER_CHANNEL } from "@/lib/transfers/live-channel";
import { approvalsRequired, type ApprovalPolicy } from "@/lib/transfers/policy";
import type { TransferQueue } from "@/lib/transfers/queue";
import type { Actor } from "@/lib/transfers/service";
import { moveBatchMembers, type Tx } from "@/lib/transfers/transition";

/**
 * What people do to a batch: submit it (each valid row becomes a transfer request of the
 * engine), approve or reject it as a whole (one decision for every row), retry the rows that
 * failed (same ids). Each change and its audit row share one transaction; the queue is told
 * after the commit, each row at its own time so that the provider sees at most `ratePerSecond`
 * submissions a second (its limits are not documented).
 */
type Pace = { ratePerSecond: number; now?: Date };

export async function submitBatch(db: Db, queue: Pick<TransferQueue, "enqueueMany"> | null, id: string, actor: Actor, policy: ApprovalPolicy, pace: Pace) {
  const now = pace.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const batch = await lockedBatch(tx, id);
    if (batch.state !== "draft") throw new TransferError("illegal_state", `batches.errors.state.${batch.state}`);
    const rows = await tx
      .select()
      .from(batchRows)
      .where(and(eq(batchRows.batchId, id), isNull(batchRows.errors), isNotNull(batchRows.body)))
      .orderBy(batchRows.line);
    if (!rows.length) throw new TransferError("illegal_state", "batches.errors.nothingToSend");
    const needed = approvalsRequired(policy, batch.totalCents);
    const state = needed > 0 ? "awaiting_approval" : "approved";
    const expiresAt = needed > 0 ? new Date(now.getTime() + policy.expiry_hours * 3_600_000) : null;
    const inserted: Array<{ id: string; line: number }> = [];
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows.slice(i, i + 500).map((row) => {
        // A batch is a payout decision: its transfers go out authorized (after the approvals, when needed).
        const transfer = { ...(row.body as RegisterTransfer), authorized: true };
        return {
          id: randomUUID(),
          idempotentId: transfer.idempotent_id,
          body: canonicalBody(transfer),
          bodyHash: bodyHash(transfer),
          valueCents: transfer.value_cents,
          receiverName: transfer.receiver_name,
          receiverDocument: transfer.receiver_document,
          makerId: actor.id,
          makerEmail: actor.email,
          state,
          approvalsRequired: needed,
          expiresAt,
          batchId: id,
          batchLine: row.line,
          createdAt: now,
          updatedAt: now,
        };
      });
      const created = await tx
        .insert(transferRequests)
        .values(values)
        .onConflictDoNothing({ target: transferRequests.idempotentId })
        .returning({ id: transferRequests.id, line: transferRequests.batchLine });
      for (const c of created) inserted.push({ id: c.id, line: c.line ?? 0 });
    }
    for (let i = 0; i < inserted.length; i += 1_000) {
      await tx.insert(transferEvents).values(
        inserted.slice(i, i + 1_000).map((r) => ({
          transferId: r.id,
          at: now,
          fromState: null,
          toState: state,
          actorId: actor.id,
          actorEmail: actor.email,
          note: { key: "transfers.notes.fromBatch", values: { line: r.line } },
        })),
      );
    }
    await tx.execute(sql`update batch_rows set transfer_id = tr.id from transfer_requests tr
      where batch_rows.batch_id = ${id} and tr.batch_id = ${id} and tr.batch_line = batch_rows.line`);
    // A row whose id was taken since the upload is not sent: it becomes invalid, with the reason.
    const lost = await tx
      .update(batchRows)
      .set({ errors: [{ field: "idempotent_id", message: "batches.errors.idAlreadyUsed" }] })
      .where(and(eq(batchRows.batchId, id), isNull(batchRows.errors), isNull(batchRows.transferId)))
      .returning({ value: batchRows.valueCents });
    const lostCents = lost.reduce((sum, r) => sum + (r.value ?? 0), 0);
    const [updated] = await tx
      .update(batches)
      .set({
        state: needed > 0 ? "awaiting_approval" : "submitting",
        approvalsRequired: needed,
        expiresAt,
        submittedAt: now,
        updatedAt: now,
        valid: batch.valid - lost.length,
        invalid: batch.invalid + lost.length,
        totalCents: batch.totalCents - lostCents,
      })
      .where(eq(batches.id, id))
      .returning();
    await recordAudit(
      {
        actor,
        action: "batch.submit",
        target: id,
        outcome: needed > 0 ? "awaiting_approval" : "submitting",
        detail: { transfers: inserted.length, total_cents: updated?.totalCents, approvals_required: needed, ids_taken_since_upload: lost.length },
        ip: actor.ip ?? null,
      },
      tx as unknown as Db,
    );
    await announceBatch(tx, id, needed > 0 ? "awaiting_approval" : "approved");
    return { ids: needed > 0 ? [] : inserted.map((r) => r.id) };
  });
  await queue?.enqueueMany(paced(result.ids, pace.ratePerSecond, now));
  return result;
}

/** One approval of the whole batch; the last needed one approves every row and sends them (paced). */
export async function approveBatch(db: Db, queue: Pick<TransferQueue, "enqueueMany"> | null, id: string, approver: Actor, pace: Pace) {
  const now = pace.now ?? new Date();
  const ids = await db.transaction(async (tx) => {
    const batch = await decidableBatch(tx, id, approver, now);
    const mine = await tx.select({ n: count() }).from(approvals).where(and(eq(approvals.batchId, id), eq(approvals.approverId, approver.id)));
    if (Number(mine[0]?.n ?? 0) > 0) throw new TransferError("already_approved", "transfers.errors.alreadyApprovedByYou");
    await tx.insert(approvals).values({ batchId: id, approverId: approver.id, approverEmail: approver.email, at: now });
    const total = Number((await tx.select({ n: count() }).from(approvals).where(eq(approvals.batchId, id)))[0]?.n ?? 0);
    const complete = total >= batch.approvalsRequired;
    let moved: string[] = [];
    if (complete) {
      moved = await moveBatchMembers(tx, id, "approved", {
        from: ["awaiting_approval"],
        actor: approver,
        note: { key: "transfers.notes.approvedAll", values: { count: total } },
      });
      await tx.update(batches).set({ state: "submitting", updatedAt: now }).where(eq(batches.id, id));
    } else {
      await announceBatch(tx, id, "awaiting_approval");
    }
    await recordAudit(
      {
        actor: approver,
        action: "batch.approve",
        target: id,
        outcome: complete ? "approved" : "approval_recorded",
        detail: { approvals: total, required: batch.approvalsRequired, total_cents: batch.totalCents, rows: batch.valid },
        ip: approver.ip ?? null,
      },
      tx as unknown as Db,
    );
    return moved;
  });
  await queue?.enqueueMany(paced(ids, pace.ratePerSecond, now));
  return { approved: ids.length > 0 };
}

export async function rejectBatch(db: Db, id: string, approver: Actor, reason: string, now = new Date()) {
  await db.transaction(async (tx) => {
    const batch = await decidableBatch(tx, id, approver, now);
    await moveBatchMembers(tx, id, "rejected", {
      from: ["awaiting_approval"],
      actor: approver,
      set: { decisionReason: reason },
      note: { key: "transfers.notes.reason", values: { reason } },
    });
    await tx.update(batches).set({ state: "rejected", decisionReason: reason, finishedAt: now, updatedAt: now }).where(eq(batches.id, id));
    await recordAudit(
      { actor: approver, action: "batch.reject", target: id, outcome: "rejected", detail: { reason, total_cents: batch.totalCents, rows: batch.valid }, ip: approver.ip ?? null },
      tx as unknown as Db,
    );
  });
}

/** The rows that failed after their retries (nothing was registered) are sent again with their own ids. */
export async function retryFailedRows(db: Db, queue: Pick<TransferQueue, "enqueueMany"> | null, id: string, actor: Actor, pace: Pace) {
  const now = pace.now ?? new Date();
  const ids = await db.transaction(async (tx) => {
    const batch = await lockedBatch(tx, id);
    if (batch.state !== "submitting" && batch.state !== "completed") throw new TransferError("illegal_state", `batches.errors.state.${batch.state}`);
    const retriable = await tx
      .select({ id: transferRequests.id })
      .from(transferRequests)
      .where(and(eq(transferRequests.batchId, id), eq(transferRequests.state, "failed"), sql`${transferRequests.outcome}->>'kind' = 'not_registered'`));
    if (!retriable.length) return [];
    const moved = await moveBatchMembers(tx, id, "approved", {
      from: ["failed"],
      onlyIds: retriable.map((r) => r.id),
      actor,
      set: { attempts: 0, nextAttemptAt: null, settledAt: null },
      note: { key: "transfers.notes.retriedByPerson" },
    });
    await tx.update(batches).set({ state: "submitting", finishedAt: null, updatedAt: now }).where(eq(batches.id, id));
    await recordAudit(
      { actor, action: "batch.retry", target: id, outcome: "submitting", detail: { rows: moved.length }, ip: actor.ip ?? null },
      tx as unknown as Db,
    );
    return moved;
  });
  await queue?.enqueueMany(paced(ids, pace.ratePerSecond, now));
  return { retried: ids.length };
}

/** Batches past their approval deadline: every row expired (nothing sent), the batch too. */
export async function expireBatches(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.state, "awaiting_approval"), sql`${batches.expiresAt} <= ${now.toISOString()}::timestamptz`))
    .limit(100);
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      await moveBatchMembers(tx, id, "expired", { from: ["awaiting_approval"], note: { key: "transfers.notes.expired" } });
      await tx.update(batches).set({ state: "expired", finishedAt: now, updatedAt: now }).where(eq(batches.id, id));
      await recordAudit({ actor: null, action: "batch.expire", target: id, outcome: "expired", detail: {} }, tx as unknown as Db);
    });
  }
  return due.length;
}

/** Each row its own start time: `ratePerSecond` a second from now on. */
function paced(ids: string[], ratePerSecond: number, now: Date): Array<{ id: string; startAfter: Date }> {
  const gapMs = 1_000 / Math.max(1, ratePerSecond);
  return ids.map((id, i) => ({ id, startAfter: new Date(now.getTime() + Math.floor(i * gapMs)) }));
}

async function lockedBatch(tx: Tx, id: string): Promise<BatchRow> {
  const [batch] = await tx.select().from(batches).where(eq(batches.id, id)).for("update");
  if (!batch) throw new TransferError("not_found", "batches.errors.notFound");
  return batch;
}

async function decidableBatch(tx: Tx, id: string, approver: Actor, now: Date): Promise<BatchRow> {
  const batch = await lockedBatch(tx, id);
  if (batch.makerId === approver.id) throw new TransferError("own_request", "transfers.errors.ownRequest");
  if (batch.state === "awaiting_approval" && batch.expiresAt && batch.expiresAt.getTime() <= now.getTime()) {
    throw new TransferError("expired", "batches.errors.state.expired");
  }
  if (batch.state !== "awaiting_approval") throw new TransferError("illegal_state", `batches.errors.state.${batch.state}`);
  return batch;
}

async function announceBatch(tx: Tx, id: string, state: string): Promise<void> {
  await tx.execute(
    sql`select pg_notify(${TRANSFER_CHANNEL}, ${JSON.stringify({ id, state, idempotent_id: "", batch_id: id, awaiting: state === "awaiting_approval" })})`,
  );
}
