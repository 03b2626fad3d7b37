import "server-only";
import type { RegisterTransfer } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { recordAudit, type AuditAction } from "@/lib/db/audit";
import type { TransferRequestRow } from "@/lib/db/schema";
import { markHandled, attentionOf } from "./attention";
import { canonicalBody } from "./body";
import { approveRequests, cancelRequests, decisionRefusal, lockRequests, rejectRequests } from "./decisions";
import { isTransferError, TransferError } from "./errors";
import type { ApprovalPolicy } from "./policy";
import type { TransferQueue } from "./queue";
import { approvalNeed, lockMakerWindow, recentSumsToReceivers, type ApprovalNeed } from "./receiver-window";
import { findByIdempotentId, getTransferRow, insertRequests } from "./store";
import { announce, lockTransfer } from "./transition";
import type { Person } from "./types";
import { bodyHash } from "./body";

/**
 * What people do to transfer requests: create, cancel, approve, reject, mark handled. Each change
 * and its audit row share one transaction; the queue is told after the commit (a lost wake-up
 * costs a poll interval, never a payment: the reconciler requeues what is due). A refused attempt
 * on money (403/409) is an audit row too, written on its own (the refused change rolled back).
 */
export type Actor = Person & { ip?: string | null };

export async function createTransfer(
  db: Db,
  queue: Pick<TransferQueue, "enqueue"> | null,
  input: { transfer: RegisterTransfer; maker: Actor; policy: ApprovalPolicy; now?: Date },
): Promise<{ transfer: TransferRequestRow; created: boolean }> {
  const { transfer, maker, policy } = input;
  const now = input.now ?? new Date();
  const created = await db.transaction(async (tx) => {
    await lockMakerWindow(tx, maker.id);
    const earlier = (await recentSumsToReceivers(tx, maker.id, [transfer.receiver_document], now)).get(transfer.receiver_document) ?? 0;
    const need = approvalNeed(policy, transfer.value_cents, earlier);
    const [row] = await insertRequests(
      tx,
      [{ transfer, maker, submittedBy: maker, approvalsRequired: need.approvals, expiresAt: new Date(now.getTime() + policy.expiry_hours * 3_600_000) }],
      now,
    );
    if (!row) return null;
    await recordAudit(
      {
        actor: maker,
        action: "transfer.create",
        target: transfer.idempotent_id,
        outcome: row.state,
        detail: { transfer_id: row.id, ...canonicalBody(transfer), approvals_required: need.approvals, approval_need: need },
        ip: maker.ip ?? null,
      },
      tx,
    );
    await announce(tx, row);
    return row;
  });
  if (created) {
    if (created.state === "approved") await queue?.enqueue(created.id);
    return { transfer: created, created: true };
  }
  // A repeat of the same idempotent_id (a double click, a retry): the same request, if the same transfer.
  const existing = await findByIdempotentId(db, transfer.idempotent_id);
  if (!existing) throw new Error(`transfer request ${transfer.idempotent_id} conflicted but cannot be read`);
  if (existing.bodyHash !== bodyHash(transfer)) {
    throw new TransferError("conflict_body", "transfers.errors.idTaken", { idempotent_id: transfer.idempotent_id });
  }
  return { transfer: existing, created: false };
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
 * once; a row of a batch is decided with its batch. When the last needed approval arrives the
 * request becomes `approved` and the caller queues it at once.
 */
export async function approveTransfer(db: Db, id: string, approver: Actor, now = new Date()): Promise<{ row: TransferRequestRow; approved: boolean }> {
  return auditedRefusal(db, "transfer.approve", id, approver, () =>
    db.transaction(async (tx) => {
      const row = await lockedOne(tx, id);
      if (row.batchId) throw new TransferError("batch_member", "transfers.errors.batchMember");
      const { approvedIds } = await approveRequests(tx, [row], approver, now);
      const approved = approvedIds.includes(id);
      const after = (await getTransferRow(tx, id)) ?? row;
      await recordAudit(
        {
          actor: approver,
          action: "transfer.approve",
          target: row.idempotentId,
          outcome: approved ? "approved" : "approval_recorded",
          detail: { transfer_id: id, required: row.approvalsRequired, value_cents: row.valueCents, maker: row.makerEmail },
          ip: approver.ip ?? null,
        },
        tx,
      );
      return { row: after, approved };
    }),
  );
}

export async function rejectTransfer(db: Db, id: string, approver: Actor, reason: string, now = new Date()): Promise<TransferRequestRow> {
  return auditedRefusal(db, "transfer.reject", id, approver, () =>
    db.transaction(async (tx) => {
      const row = await lockedOne(tx, id);
      if (row.batchId) throw new TransferError("batch_member", "transfers.errors.batchMember");
      const [moved] = await rejectRequests(tx, [row], approver, reason, now);
      if (!moved) throw decisionRefusal(row, approver, now) ?? new TransferError("illegal_state", "transfers.errors.notAwaiting.unknown");
      await recordAudit(
        { actor: approver, action: "transfer.reject", target: row.idempotentId, outcome: "rejected", detail: { transfer_id: id, reason, value_cents: row.valueCents }, ip: approver.ip ?? null },
        tx,
      );
      return moved;
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

async function lockedOne(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], id: string): Promise<TransferRequestRow> {
  const [row] = await lockRequests(tx, { ids: [id] });
  if (!row) throw new TransferError("not_found", "transfers.errors.notFound");
  return row;
}

export { getTransferRow };
