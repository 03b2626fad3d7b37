import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { RegisterTransfer } from "@/lib/contract";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { batchRows, batches, type BatchRow } from "@/lib/db/schema";
import { approveRequests, cancelRequests, lockRequests, rejectRequests, retryRequests } from "@/lib/transfers/server/decisions";
import { ApiError } from "@/lib/http/api-error";
import type { ApprovalPolicy } from "@/lib/transfers/policy";
import type { TransferQueue } from "@/lib/transfers/server/queue";
import { batchNeed, lockDestinations, makerGroup, recentSums, type ApprovalNeed } from "@/lib/transfers/server/receiver-window";
import { destinationKey } from "@/lib/transfers/destination";
import { requestExpiry } from "@/lib/transfers/deadlines";
import { policyInForce } from "@/lib/transfers/server/policy-store";
import { nothingSentYet } from "@/lib/transfers/states";
import type { Actor } from "@/lib/domain/actor";
import { auditingRefusals } from "@/lib/transfers/server/service";
import { insertRequests } from "@/lib/transfers/server/store";
import { announceMany } from "@/lib/transfers/server/transition";
import { syncBatchStates } from "./state";

/**
 * What people do to a batch. A batch's rows ARE transfer requests: submitting a batch creates
 * one request per valid row (lib/transfers/server/store.ts insertRequests), and approving, rejecting,
 * canceling or retrying it is the same decision as for one transfer, taken on each row
 * (lib/transfers/server/decisions.ts); the batch's own state follows from its rows (./state.ts). Only
 * its maker submits, cancels or retries it. The queue is told after the commit, each row at its
 * own time so that the provider sees at most `ratePerSecond` submissions a second.
 */
type Pace = { ratePerSecond: number; now?: Date };

export async function submitBatch(db: Db, queue: Pick<TransferQueue, "enqueueMany"> | null, id: string, actor: Actor, policy: ApprovalPolicy, pace: Pace) {
  const now = pace.now ?? new Date();
  const result = await auditingRefusals(db, "batch.submit", id, actor, () =>
    db.transaction(async (tx) => {
      const batch = await lockedBatch(tx, id);
      if (batch.makerId !== actor.id) throw new ApiError("not_maker", "batches.errors.notMaker");
      if (batch.state !== "draft") throw new ApiError("illegal_state", `batches.errors.state.${batch.state}`);
      const rows = await tx
        .select()
        .from(batchRows)
        .where(and(eq(batchRows.batchId, id), isNull(batchRows.errors), isNotNull(batchRows.body)))
        .orderBy(batchRows.line);
      if (!rows.length) throw new ApiError("illegal_state", "batches.errors.nothingToSend");
      const transfers = rows.map((row) => ({
        line: row.line,
        transfer: withoutAuthorized(row.body as RegisterTransfer),
        payable: { description: row.description, costCentreId: row.costCentreId, receiverId: row.receiverId },
      }));
      const need = await approvalsForBatch(tx, policy, actor, transfers.map((r) => r.transfer), now);
      const needed = need.approvals;
      const expiresAt = requestExpiry(policy, now);
      const created = await insertRequests(
        tx,
        transfers.map(({ line, transfer, payable }) => ({ transfer, maker: actor, submittedBy: actor, approvalsRequired: needed, approvalNeed: need, expiresAt, batch: { id, line }, ...payable })),
        now,
      );
      await tx.execute(sql`update batch_rows set transfer_id = tr.id from transfer_requests tr
        where batch_rows.batch_id = ${id} and tr.batch_id = ${id} and tr.batch_line = batch_rows.line`);
      // A row whose id was taken since the upload is not sent: it becomes invalid, with the reason.
      const lost = await tx
        .update(batchRows)
        .set({ errors: [{ field: "idempotent_id", message: "batches.errors.idAlreadyUsed" }] })
        .where(and(eq(batchRows.batchId, id), isNull(batchRows.errors), isNull(batchRows.transferId)))
        .returning({ value: batchRows.valueCents });
      const lostCents = lost.reduce((sum, r) => sum + (r.value ?? 0), 0);
      await tx
        .update(batches)
        .set({
          approvalsRequired: needed,
          expiresAt: needed > 0 ? expiresAt : null,
          submittedAt: now,
          submittedById: actor.id,
          updatedAt: now,
          valid: batch.valid - lost.length,
          invalid: batch.invalid + lost.length,
          totalCents: batch.totalCents - lostCents,
        })
        .where(eq(batches.id, id));
      await recordAudit(
        {
          actor,
          action: "batch.submit",
          target: id,
          outcome: needed > 0 ? "awaiting_approval" : "sending",
          detail: { transfers: created.length, total_cents: batch.totalCents - lostCents, approvals_required: needed, ids_taken_since_upload: lost.length },
          ip: actor.ip ?? null,
        },
        tx,
      );
      await announceMany(tx, created, { created: true });
      await syncBatchStates(tx, [id], { actor, now, submitted: true });
      return { ids: needed > 0 ? [] : created.map((r) => r.id) };
    }),
  );
  await queue?.enqueueMany(paced(result.ids, pace.ratePerSecond, now));
  return result;
}

/**
 * A batch needs what its total needs, and what any of its destinations needs once this maker's
 * last 24 hours of transfers to it are added (splitting does not dodge approval:
 * lib/transfers/server/receiver-window.ts); every row needs the same, as one decision.
 */
async function approvalsForBatch(tx: Tx, policy: ApprovalPolicy, maker: Actor, transfers: RegisterTransfer[], now: Date): Promise<ApprovalNeed> {
  await lockDestinations(tx, transfers);
  return batchApprovalNeed(tx, policy, maker, transfers, now);
}

/** What submitting this draft now would ask for (its maker's screen says it before the click). */
export async function previewBatchApprovals(db: Db, id: string, policy: ApprovalPolicy, now = new Date()): Promise<number | null> {
  const [batch] = await db.select().from(batches).where(eq(batches.id, id));
  if (!batch || batch.state !== "draft") return null;
  const rows = await db
    .select({ body: batchRows.body })
    .from(batchRows)
    .where(and(eq(batchRows.batchId, id), isNull(batchRows.errors), isNotNull(batchRows.body)));
  return (await batchApprovalNeed(db, policy, { id: batch.makerId, email: batch.makerEmail }, rows.map((r) => r.body as RegisterTransfer), now)).approvals;
}

async function batchApprovalNeed(tx: Tx, policy: ApprovalPolicy, maker: Actor, transfers: RegisterTransfer[], now: Date): Promise<ApprovalNeed> {
  const keys = transfers.map((t) => destinationKey(t)).filter((k): k is string => k !== null);
  const sums = await recentSums(tx, await makerGroup(tx, maker.id), { documents: transfers.map((t) => t.receiver_document), keys }, now);
  return batchNeed(policy, transfers, sums);
}

/** One approval of the whole batch: the approval of each of its rows, by the rules of one transfer. */
export async function approveBatch(db: Db, queue: Pick<TransferQueue, "enqueueMany"> | null, id: string, approver: Actor, pace: Pace & { policy?: ApprovalPolicy }) {
  const now = pace.now ?? new Date();
  const policy = pace.policy ?? (await policyInForce(db));
  const ids = await auditingRefusals(db, "batch.approve", id, approver, () =>
    db.transaction(async (tx) => {
      const batch = await lockedBatch(tx, id);
      const rows = await waitingRows(tx, batch);
      const { approvedIds } = await approveRequests(tx, rows, approver, now, policy);
      await recordAudit(
        {
          actor: approver,
          action: "batch.approve",
          target: id,
          outcome: approvedIds.length ? "approved" : "approval_recorded",
          detail: { required: batch.approvalsRequired, total_cents: batch.totalCents, rows: rows.length, maker: batch.makerEmail },
          ip: approver.ip ?? null,
        },
        tx,
      );
      return approvedIds;
    }),
  );
  await queue?.enqueueMany(paced(ids, pace.ratePerSecond, now));
  return { approved: ids.length > 0 };
}

export async function rejectBatch(db: Db, id: string, approver: Actor, reason: string, now = new Date()) {
  await auditingRefusals(db, "batch.reject", id, approver, () =>
    db.transaction(async (tx) => {
      const batch = await lockedBatch(tx, id);
      const rows = await waitingRows(tx, batch);
      await rejectRequests(tx, rows, approver, reason, now);
      await tx.update(batches).set({ decisionReason: reason }).where(eq(batches.id, id));
      await recordAudit(
        { actor: approver, action: "batch.reject", target: id, outcome: "rejected", detail: { reason, total_cents: batch.totalCents, rows: rows.length }, ip: approver.ip ?? null },
        tx,
      );
    }),
  );
}

/** The maker discards a draft (nothing was submitted): it and its rows are gone, the audit row stays. */
export async function discardDraft(db: Db, id: string, actor: Actor) {
  await auditingRefusals(db, "batch.discard", id, actor, () =>
    db.transaction(async (tx) => {
      const batch = await lockedBatch(tx, id);
      if (batch.makerId !== actor.id) throw new ApiError("not_maker", "batches.errors.notMakerDiscard");
      if (batch.state !== "draft") throw new ApiError("illegal_state", "batches.errors.notDraft");
      await tx.delete(batches).where(eq(batches.id, id));
      await recordAudit(
        {
          actor,
          action: "batch.discard",
          target: id,
          outcome: "discarded",
          detail: { file_name: batch.fileName, rows: batch.rows, valid: batch.valid, total_cents: batch.totalCents },
          ip: actor.ip ?? null,
        },
        tx,
      );
    }),
  );
}

/** The maker withdraws a batch before anything of it was sent. */
export async function cancelBatch(db: Db, id: string, actor: Actor, reason: string | null, now = new Date()) {
  await auditingRefusals(db, "batch.cancel", id, actor, () =>
    db.transaction(async (tx) => {
      const batch = await lockedBatch(tx, id);
      if (batch.makerId !== actor.id) throw new ApiError("not_maker", "batches.errors.notMaker");
      if (batch.state !== "awaiting_approval" && batch.state !== "sending") throw new ApiError("illegal_state", `batches.errors.state.${batch.state}`);
      const rows = await lockRequests(tx, { batchId: id });
      if (rows.some((r) => r.state !== "awaiting_approval" && !(r.state === "approved" && nothingSentYet(r)))) {
        throw new ApiError("illegal_state", "batches.errors.alreadySending");
      }
      await cancelRequests(tx, rows, actor, reason, now);
      await tx.update(batches).set({ decisionReason: reason }).where(eq(batches.id, id));
      await recordAudit(
        { actor, action: "batch.cancel", target: id, outcome: "canceled", detail: { reason, total_cents: batch.totalCents, rows: rows.length }, ip: actor.ip ?? null },
        tx,
      );
    }),
  );
}

/** The rows that failed without anything registered are sent again with their own ids, by the batch's maker. */
export async function retryFailedRows(db: Db, queue: Pick<TransferQueue, "enqueueMany"> | null, id: string, actor: Actor, pace: Pace) {
  const now = pace.now ?? new Date();
  const ids = await auditingRefusals(db, "batch.retry", id, actor, () =>
    db.transaction(async (tx) => {
      const batch = await lockedBatch(tx, id);
      if (batch.makerId !== actor.id) throw new ApiError("not_maker", "batches.errors.notMaker");
      if (batch.state !== "sending" && batch.state !== "completed") throw new ApiError("illegal_state", `batches.errors.state.${batch.state}`);
      const failed = await lockRequests(tx, { batchId: id, states: ["failed"] });
      const moved = await retryRequests(tx, failed, actor, now);
      await recordAudit({ actor, action: "batch.retry", target: id, outcome: "sending", detail: { rows: moved.length }, ip: actor.ip ?? null }, tx);
      return moved;
    }),
  );
  await queue?.enqueueMany(paced(ids, pace.ratePerSecond, now));
  return { retried: ids.length };
}

/** Each row its own start time: `ratePerSecond` a second from now on. */
function paced(ids: string[], ratePerSecond: number, now: Date): Array<{ id: string; startAfter: Date }> {
  const gapMs = 1_000 / Math.max(1, ratePerSecond);
  return ids.map((id, i) => ({ id, startAfter: new Date(now.getTime() + Math.floor(i * gapMs)) }));
}

async function lockedBatch(tx: Tx, id: string): Promise<BatchRow> {
  const [batch] = await tx.select().from(batches).where(eq(batches.id, id)).for("update");
  if (!batch) throw new ApiError("not_found", "batches.errors.notFound");
  return batch;
}

/** The rows a decision on the batch applies to: those still waiting (a batch not waiting is refused by the rows' own rule). */
async function waitingRows(tx: Tx, batch: BatchRow) {
  if (batch.state !== "awaiting_approval") throw new ApiError("illegal_state", `batches.errors.state.${batch.state}`);
  const rows = await lockRequests(tx, { batchId: batch.id, states: ["awaiting_approval"] });
  if (!rows.length) throw new ApiError("illegal_state", `batches.errors.state.${batch.state}`);
  return rows;
}

/** Rows stored before the back office's approvals became the authorization may carry the old flag. */
function withoutAuthorized(body: RegisterTransfer): RegisterTransfer {
  const { authorized: _ignored, ...rest } = body as RegisterTransfer & { authorized?: boolean };
  return rest;
}
