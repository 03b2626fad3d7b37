import "server-only";
import type { RegisterTransfer } from "@/lib/contract";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit, type AuditAction } from "@/lib/db/audit";
import { costCentres, receivers, transferSeries, type TransferRequestRow } from "@/lib/db/schema";
import { markHandled, attentionOf } from "./attention";
import { bodyHash, canonicalBody } from "./body";
import { approveRequests, cancelRequests, decisionRefusal, lockRequests, rejectRequests } from "./decisions";
import { isTransferError, TransferError } from "./errors";
import type { ApprovalPolicy } from "./policy";
import { seriesDays, sendInstant, type Recurrence } from "./schedule";
import type { TransferQueue } from "./queue";
import { approvalNeed, lockMakerWindow, recentSumsToReceivers, type ApprovalNeed } from "./receiver-window";
import { findByIdempotentId, getTransferRow, insertRequests } from "./store";
import { announceMany, lockTransfer } from "./transition";
import type { Person } from "./types";
import type { Actor } from "@/lib/domain/actor";

/**
 * What people do to transfer requests: create, cancel, approve, reject, mark handled. Each change
 * and its audit row share one transaction; the queue is told after the commit (a lost wake-up
 * costs a poll interval, never a payment: the reconciler requeues what is due). A refused attempt
 * on money (403/409) is an audit row too, written on its own (the refused change rolled back).
 */

export type Payable = {
  /** The day it goes out ("YYYY-MM-DD"), or null: at once. */
  scheduledFor?: string | null;
  recurrence?: Recurrence | null;
  description?: string | null;
  costCentreId?: string | null;
  receiverId?: string | null;
};

/**
 * A transfer request, or a recurring series of them, written with its audit row in one
 * transaction. The approvals asked for are the policy's on the amount and on what this maker sent
 * this receiver in the last 24 hours (a series counts as one decision: its total). A scheduled
 * request waits in `scheduled` (after its approvals, which must come before its first day) and
 * goes out on its day at the send time; the queue gets a job due then.
 */
export async function createTransfer(
  db: Db,
  queue: Pick<TransferQueue, "enqueue"> | null,
  input: { transfer: RegisterTransfer; maker: Actor; policy: ApprovalPolicy; now?: Date; payable?: Payable; sendTime?: string },
): Promise<{ transfer: TransferRequestRow; created: boolean; series?: TransferRequestRow[] }> {
  const { transfer, maker, policy } = input;
  const payable = input.payable ?? {};
  const now = input.now ?? new Date();
  const sendTime = input.sendTime ?? "08:00";
  const days = payable.scheduledFor ? (payable.recurrence ? seriesDays(payable.scheduledFor, payable.recurrence) : [payable.scheduledFor]) : [null];
  const created = await db.transaction(async (tx) => {
    await checkPayableLinks(tx, transfer, payable);
    await lockMakerWindow(tx, maker.id);
    const earlier = (await recentSumsToReceivers(tx, maker.id, [transfer.receiver_document], now)).get(transfer.receiver_document) ?? 0;
    const need = approvalNeed(policy, transfer.value_cents * days.length, earlier);
    const firstSend = days[0] ? sendInstant(days[0], sendTime) : null;
    const expiresAt = new Date(Math.min(now.getTime() + policy.expiry_hours * 3_600_000, firstSend?.getTime() ?? Infinity));
    const seriesId = payable.recurrence ? randomUUID() : null;
    if (seriesId && payable.recurrence) {
      await tx.insert(transferSeries).values({
        id: seriesId,
        every: payable.recurrence.every,
        count: payable.recurrence.count ?? null,
        until: payable.recurrence.until ?? null,
        firstDay: days[0]!,
        makerId: maker.id,
        makerEmail: maker.email,
        createdAt: now,
      });
    }
    const rows = await insertRequests(
      tx,
      days.map((day) => ({
        // Each occurrence of a series is its own payment: its own idempotent_id, from the series' and its day.
        transfer: seriesId && day ? { ...transfer, idempotent_id: occurrenceId(transfer.idempotent_id, day) } : transfer,
        maker,
        submittedBy: maker,
        approvalsRequired: need.approvals,
        expiresAt,
        schedule: day ? { day, sendAt: sendInstant(day, sendTime) } : null,
        seriesId,
        description: payable.description ?? null,
        costCentreId: payable.costCentreId ?? null,
        receiverId: payable.receiverId ?? null,
      })),
      now,
    );
    const [row] = rows;
    if (!row) return null;
    await recordAudit(
      {
        actor: maker,
        action: "transfer.create",
        target: transfer.idempotent_id,
        outcome: row.state,
        detail: {
          transfer_id: row.id,
          ...canonicalBody(transfer),
          approvals_required: need.approvals,
          approval_need: need,
          ...(payable.scheduledFor ? { scheduled_for: payable.scheduledFor } : {}),
          ...(seriesId ? { series_id: seriesId, occurrences: rows.map((r) => r.scheduledFor) } : {}),
          ...(payable.description ? { description: payable.description } : {}),
          ...(payable.costCentreId ? { cost_centre_id: payable.costCentreId } : {}),
        },
        ip: maker.ip ?? null,
      },
      tx,
    );
    await announceMany(tx, rows);
    return rows;
  });
  if (created) {
    for (const row of created) {
      if (row.state === "approved") await queue?.enqueue(row.id);
      else if (row.state === "scheduled") await queue?.enqueue(row.id, row.sendAt);
    }
    return { transfer: created[0]!, created: true, ...(created.length > 1 ? { series: created } : {}) };
  }
  // A repeat of the same idempotent_id (a double click, a retry): the same request, if the same transfer.
  const firstId = days.length > 1 && days[0] ? occurrenceId(transfer.idempotent_id, days[0]) : transfer.idempotent_id;
  const existing = await findByIdempotentId(db, firstId);
  if (!existing) throw new Error(`transfer request ${firstId} conflicted but cannot be read`);
  if (existing.bodyHash !== bodyHash({ ...transfer, idempotent_id: firstId })) {
    throw new TransferError("conflict_body", "transfers.errors.idTaken", { idempotent_id: transfer.idempotent_id });
  }
  return { transfer: existing, created: false };
}

/** An occurrence's idempotent_id: the series' own id and its day ("nf-2026-0042-2027-01-31"). */
export function occurrenceId(base: string, day: string): string {
  return `${base.slice(0, 255 - day.length - 1)}-${day}`;
}

/** The cost centre must exist and be in use; a saved receiver must be the transfer's receiver. */
async function checkPayableLinks(tx: Tx, transfer: RegisterTransfer, payable: Payable): Promise<void> {
  if (payable.costCentreId) {
    const [centre] = await tx.select().from(costCentres).where(eq(costCentres.id, payable.costCentreId));
    if (!centre) throw new TransferError("invalid", "validation.costCentre.unknown", {}, "cost_centre_id");
    if (!centre.active) throw new TransferError("invalid", "validation.costCentre.inactive", {}, "cost_centre_id");
  }
  if (payable.receiverId) {
    const [saved] = await tx.select().from(receivers).where(and(eq(receivers.id, payable.receiverId), isNull(receivers.deletedAt)));
    if (!saved) throw new TransferError("invalid", "validation.receiver.unknown", {}, "receiver_id");
    if (saved.document !== transfer.receiver_document) throw new TransferError("invalid", "validation.receiver.otherDocument", {}, "receiver_id");
  }
}

/** The approvals a transfer would need if this maker created it now (the form says it before the review). */
export async function previewApprovals(
  db: Db,
  input: { maker: Person; receiverDocument: string | null; valueCents: number; policy: ApprovalPolicy; now?: Date },
): Promise<ApprovalNeed> {
  const now = input.now ?? new Date();
  const earlier = input.receiverDocument
    ? ((await recentSumsToReceivers(db, input.maker.id, [input.receiverDocument], now)).get(input.receiverDocument) ?? 0)
    : 0;
  return approvalNeed(input.policy, input.valueCents, earlier);
}

/** The maker cancels a request before it was sent (while it waits for approval or for its first submission). */
export async function cancelTransfer(db: Db, id: string, actor: Actor, reason: string | null, now = new Date()): Promise<TransferRequestRow> {
  return auditedRefusal(db, "transfer.cancel", id, actor, () =>
    db.transaction(async (tx) => {
      const row = await lockedOne(tx, id);
      if (row.batchId) throw new TransferError("batch_member", "transfers.errors.batchMemberCancel");
      const [moved] = await cancelRequests(tx, [row], actor, reason, now);
      if (!moved) throw new TransferError("illegal_state", "transfers.errors.alreadySending");
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
): Promise<{ row: TransferRequestRow; approved: boolean; ready: Array<{ id: string; startAfter: Date }> }> {
  return auditedRefusal(db, "transfer.approve", id, approver, () =>
    db.transaction(async (tx) => {
      const rows = await decisionRows(tx, id);
      const row = rows.find((r) => r.id === id) ?? rows[0]!;
      const { approvedIds, ready } = await approveRequests(tx, rows, approver, now);
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
  return auditedRefusal(db, "transfer.reject", id, approver, () =>
    db.transaction(async (tx) => {
      const rows = await decisionRows(tx, id);
      const row = rows.find((r) => r.id === id) ?? rows[0]!;
      const moved = await rejectRequests(tx, rows, approver, reason, now);
      if (!moved.length) throw decisionRefusal(row, approver, now) ?? new TransferError("illegal_state", "transfers.errors.notAwaiting.unknown");
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
  if (row.batchId) throw new TransferError("batch_member", "transfers.errors.batchMember");
  if (!row.seriesId || row.state !== "awaiting_approval") return [row];
  return lockRequests(tx, { seriesId: row.seriesId, states: ["awaiting_approval"] });
}

/** The maker stops a series: every occurrence not sent yet is canceled (audited once). */
export async function stopSeries(db: Db, seriesId: string, actor: Actor, now = new Date()): Promise<number> {
  return auditedRefusal(db, "transfer.series_stop", seriesId, actor, () =>
    db.transaction(async (tx) => {
      const [series] = await tx.select().from(transferSeries).where(eq(transferSeries.id, seriesId)).for("update");
      if (!series) throw new TransferError("not_found", "transfers.errors.seriesNotFound");
      if (series.makerId !== actor.id) throw new TransferError("not_maker", "transfers.errors.notMakerSeries");
      if (series.stoppedAt) throw new TransferError("illegal_state", "transfers.errors.seriesStopped");
      const open = (await lockRequests(tx, { seriesId, states: ["awaiting_approval", "scheduled", "approved"] })).filter(
        (r) => r.attempts === 0 && r.lastPostAt === null,
      );
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
    if (!row) throw new TransferError("not_found", "transfers.errors.notFound");
    return markHandled(tx, id, person, note, attentionOf(row, now, settings.afterMinutes, settings.portal), now);
  });
}

/**
 * Runs an action on money; when it is refused (who may not, or not now), the refusal is an audit
 * row of its own, with who, what and why, and the refusal is then answered as usual.
 */
export async function auditedRefusal<T>(db: Db, action: AuditAction, target: string, actor: Actor, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isTransferError(err) && err.code !== "not_found") {
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
  if (!row) throw new TransferError("not_found", "transfers.errors.notFound");
  return row;
}

export { getTransferRow };
