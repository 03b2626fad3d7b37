import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit, type AuditAction } from "@/lib/db/audit";
import { transferSeries, type TransferRequestRow } from "@/lib/db/schema";
import { markHandled, attentionOf } from "./attention";
import { approveRequests, cancelRequests, decisionRefusal, lockRequests, rejectRequests, releaseRequests } from "./decisions";
import { policyInForce } from "./policy-store";
import type { ApprovalPolicy } from "../policy";
import { holdersOf } from "./who-decides";
import { isApiError, ApiError } from "@/lib/http/api-error";
import { getTransferRow } from "./store";
import { lockTransfer } from "./transition";
import { nothingSentYet } from "../states";
import type { Actor } from "@/lib/domain/actor";

/**
 * What people do to transfer requests once made (creating one: lib/transfers/server/create.ts): cancel,
 * approve, reject, stop a series, mark handled. Each change
 * and its audit row share one transaction; the queue is told after the commit (a lost wake-up
 * costs a poll interval, never a payment: the reconciler requeues what is due). A refused attempt
 * on money (403/409) is an audit row too, written on its own (the refused change rolled back).
 */

/**
 * The maker cancels a request before it was sent (while it waits for approval or for its first
 * submission, or held); an admin may cancel a held one (`mayCancelHeld`). A held batch row is
 * canceled alone (its batch goes on with the others).
 */
export async function cancelTransfer(db: Db, id: string, actor: Actor, reason: string | null, now = new Date(), o: { mayCancelHeld?: boolean } = {}): Promise<TransferRequestRow> {
  return auditingRefusals(db, "transfer.cancel", id, actor, () =>
    db.transaction(async (tx) => {
      const row = await lockedOne(tx, id);
      if (row.batchId && row.state !== "held") throw new ApiError("batch_member", "transfers.errors.batchMemberCancel");
      const [moved] = await cancelRequests(tx, [row], actor, reason, now, o);
      if (!moved) throw new ApiError("illegal_state", "transfers.errors.alreadySending");
      await recordAudit(
        { actor, action: "transfer.cancel", target: row.idempotentId, outcome: "canceled", detail: { transfer_id: id, reason }, ip: actor.ip ?? null },
        tx,
      );
      return moved;
    }),
  );
}

/**
 * One approval by one person. Nobody approves what they made or submitted; one person counts
 * once; a row of a batch is decided with its batch, an occurrence of a series with its series
 * (one decision for all its waiting occurrences). Requests that got their last approval are
 * returned with the instant each may go (at once, or its scheduled day) for the caller to queue.
 */
export async function approveTransfer(
  db: Db,
  id: string,
  approver: Actor,
  now = new Date(),
  policy?: ApprovalPolicy,
): Promise<{ row: TransferRequestRow; approved: boolean; ready: Array<{ id: string; startAfter: Date }> }> {
  const inForce = policy ?? (await policyInForce(db));
  return auditingRefusals(db, "transfer.approve", id, approver, () =>
    db.transaction(async (tx) => {
      const rows = await decisionRows(tx, id);
      const row = rows.find((r) => r.id === id) ?? rows[0]!;
      const { approvedIds, ready } = await approveRequests(tx, rows, approver, now, inForce);
      const approved = approvedIds.includes(row.id);
      const after = (await getTransferRow(tx, row.id)) ?? row;
      await recordAudit(
        {
          actor: approver,
          action: "transfer.approve",
          target: row.idempotentId,
          outcome: approved ? "approved" : "approval_recorded",
          detail: {
            transfer_id: row.id,
            required: row.approvalsRequired,
            value_cents: row.valueCents,
            maker: row.makerEmail,
            ...(row.seriesId ? { series_id: row.seriesId, occurrences: rows.length } : {}),
          },
          ip: approver.ip ?? null,
        },
        tx,
      );
      return { row: after, approved, ready };
    }),
  );
}

export async function rejectTransfer(db: Db, id: string, approver: Actor, reason: string, now = new Date()): Promise<TransferRequestRow> {
  return auditingRefusals(db, "transfer.reject", id, approver, () =>
    db.transaction(async (tx) => {
      const rows = await decisionRows(tx, id);
      const row = rows.find((r) => r.id === id) ?? rows[0]!;
      const moved = await rejectRequests(tx, rows, approver, reason, now);
      if (!moved.length) throw decisionRefusal(row, approver, now, await holdersOf(tx, [row.makerId, row.submittedById])) ?? new ApiError("illegal_state", "transfers.errors.notAwaiting.unknown");
      await recordAudit(
        {
          actor: approver,
          action: "transfer.reject",
          target: row.idempotentId,
          outcome: "rejected",
          detail: { transfer_id: row.id, reason, value_cents: row.valueCents, ...(row.seriesId ? { series_id: row.seriesId, occurrences: rows.length } : {}) },
          ip: approver.ip ?? null,
        },
        tx,
      );
      return moved.find((r) => r.id === id) ?? moved[0]!;
    }),
  );
}

/**
 * What one decision on this request covers, locked: the request alone, or every occurrence of
 * its series still waiting (a series is approved as one). A batch row is decided with its batch.
 */
async function decisionRows(tx: Tx, id: string): Promise<TransferRequestRow[]> {
  const row = await lockedOne(tx, id);
  if (row.batchId) throw new ApiError("batch_member", "transfers.errors.batchMember");
  if (!row.seriesId || row.state !== "awaiting_approval") return [row];
  return lockRequests(tx, { seriesId: row.seriesId, states: ["awaiting_approval"] });
}

/**
 * The maker (or submitter) releases a held request: approved again and due now; the engine
 * checks it again before it goes. Returned with the instant it may go, for the caller to queue.
 */
export async function releaseTransfer(db: Db, id: string, actor: Actor, now = new Date()): Promise<{ row: TransferRequestRow; ready: Array<{ id: string; startAfter: Date }> }> {
  return auditingRefusals(db, "transfer.release", id, actor, () =>
    db.transaction(async (tx) => {
      const row = await lockedOne(tx, id);
      const released = await releaseRequests(tx, [row], actor, now);
      if (!released.length) throw new ApiError("illegal_state", "transfers.errors.notAwaiting.held");
      await recordAudit({ actor, action: "transfer.release", target: row.idempotentId, outcome: "approved", detail: { transfer_id: id }, ip: actor.ip ?? null }, tx);
      return { row: (await getTransferRow(tx, id)) ?? row, ready: released.map((r) => ({ id: r, startAfter: now })) };
    }),
  );
}

/** The maker stops a series: every occurrence not sent yet is canceled (audited once). */
export async function stopSeries(db: Db, seriesId: string, actor: Actor, now = new Date()): Promise<number> {
  return auditingRefusals(db, "transfer.series_stop", seriesId, actor, () =>
    db.transaction(async (tx) => {
      const [series] = await tx.select().from(transferSeries).where(eq(transferSeries.id, seriesId)).for("update");
      if (!series) throw new ApiError("not_found", "transfers.errors.seriesNotFound");
      if (series.makerId !== actor.id) throw new ApiError("not_maker", "transfers.errors.notMakerSeries");
      if (series.stoppedAt) throw new ApiError("illegal_state", "transfers.errors.seriesStopped");
      const open = (await lockRequests(tx, { seriesId, states: ["awaiting_approval", "scheduled", "approved", "held"] })).filter(nothingSentYet);
      const moved = await cancelRequests(tx, open, actor, null, now);
      await tx.update(transferSeries).set({ stoppedAt: now, stoppedById: actor.id, stoppedByEmail: actor.email }).where(eq(transferSeries.id, seriesId));
      await recordAudit(
        { actor, action: "transfer.series_stop", target: seriesId, outcome: "stopped", detail: { canceled: moved.length }, ip: actor.ip ?? null },
        tx,
      );
      return moved.length;
    }),
  );
}

/** Someone marks what needed attention on this request as handled, with a note. */
export async function handleAttention(
  db: Db,
  id: string,
  person: Actor,
  note: string,
  settings: { afterMinutes: number; portal: boolean },
  now = new Date(),
): Promise<TransferRequestRow> {
  return db.transaction(async (tx) => {
    const row = await lockTransfer(tx, id);
    if (!row) throw new ApiError("not_found", "transfers.errors.notFound");
    return markHandled(tx, id, person, note, attentionOf(row, now, settings.afterMinutes, settings.portal), now);
  });
}

/**
 * Runs an action on money, auditing its refusals: when it is refused (who may not, or not now),
 * the refusal is an audit row of its own, with who, what and why, and is then answered as usual.
 */
export async function auditingRefusals<T>(db: Db, action: AuditAction, target: string, actor: Actor, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isApiError(err) && err.code !== "not_found") {
      await recordAudit(
        { actor, action, target, outcome: "refused", detail: { code: err.code, reason: err.key, ...err.values }, ip: actor.ip ?? null },
        db,
      );
    }
    throw err;
  }
}

async function lockedOne(tx: Tx, id: string): Promise<TransferRequestRow> {
  const [row] = await lockRequests(tx, { ids: [id] });
  if (!row) throw new ApiError("not_found", "transfers.errors.notFound");
  return row;
}

export { getTransferRow };
