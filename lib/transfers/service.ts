import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { RegisterTransfer } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { approvals, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { TransferError } from "./errors";
import { approvalsRequired, type ApprovalPolicy } from "./policy";
import type { TransferQueue } from "./queue";
import { isTransferState, type TransferState } from "./states";
import { createTransferRequest, getTransferRow } from "./store";
import { announce, moveTransfer, type Tx } from "./transition";
import type { Person } from "./types";

/**
 * What people do to transfer requests: create, cancel, approve, reject. Each change and its
 * audit row share one transaction; the queue is told after the commit (a lost wake-up costs a
 * poll interval, never a payment: the reconciler requeues what is due).
 */
export type Actor = Person & { ip?: string | null };

export async function createTransfer(
  db: Db,
  queue: Pick<TransferQueue, "enqueue"> | null,
  input: { transfer: RegisterTransfer; maker: Actor; policy: ApprovalPolicy },
): Promise<{ transfer: TransferRequestRow; created: boolean }> {
  const needed = approvalsRequired(input.policy, input.transfer.value_cents);
  const expiresAt = new Date(Date.now() + input.policy.expiry_hours * 3_600_000);
  const result = await createTransferRequest(db, {
    transfer: input.transfer,
    maker: { id: input.maker.id, email: input.maker.email },
    ip: input.maker.ip,
    approvalsRequired: needed,
    expiresAt,
  });
  if (result.transfer.state === "approved") await queue?.enqueue(result.transfer.id);
  return result;
}

/** The maker cancels a request before it was sent (while it waits for approval or for its first submission). */
export async function cancelTransfer(db: Db, id: string, actor: Actor, reason: string | null): Promise<TransferRequestRow> {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, id);
    if (row.makerId !== actor.id) throw new TransferError("not_maker", "transfers.errors.notMaker");
    if (row.state === "approved" && row.attempts > 0) throw new TransferError("illegal_state", "transfers.errors.alreadySending");
    const moved = await moveTransfer(tx, id, "canceled", {
      from: ["awaiting_approval", "approved"],
      guard: (r) => r.attempts === 0,
      actor,
      set: { decisionReason: reason },
      note: reason ? { key: "transfers.notes.reason", values: { reason } } : null,
    });
    if (!moved.moved) throw notAwaiting(moved.current);
    await recordAudit(
      { actor, action: "transfer.cancel", target: row.idempotentId, outcome: "canceled", detail: { transfer_id: id, reason }, ip: actor.ip ?? null },
      tx as unknown as Db,
    );
    return moved.row;
  });
}

/**
 * One approval by one person. Nobody approves their own request; one person counts once; a
 * request of a batch is decided with its batch. When the last needed approval arrives the
 * request becomes `approved` and the caller queues it at once.
 */
export async function approveTransfer(db: Db, id: string, approver: Actor, now = new Date()): Promise<{ row: TransferRequestRow; approved: boolean }> {
  const result = await db.transaction(async (tx) => {
    const row = await decidable(tx, id, approver, now);
    const already = await tx
      .select({ n: count() })
      .from(approvals)
      .where(and(eq(approvals.transferId, id), eq(approvals.approverId, approver.id)));
    if (Number(already[0]?.n ?? 0) > 0) throw new TransferError("already_approved", "transfers.errors.alreadyApprovedByYou");
    await tx.insert(approvals).values({ transferId: id, approverId: approver.id, approverEmail: approver.email, at: now });
    const total = Number((await tx.select({ n: count() }).from(approvals).where(eq(approvals.transferId, id)))[0]?.n ?? 0);
    const complete = total >= row.approvalsRequired;
    let current = row;
    if (complete) {
      const moved = await moveTransfer(tx, id, "approved", { from: ["awaiting_approval"], actor: approver, note: { key: "transfers.notes.approvedAll", values: { count: total } } });
      if (!moved.moved) throw notAwaiting(moved.current);
      current = moved.row;
    } else {
      // Still waiting: the timeline and the live screens learn of this approval anyway.
      await tx.update(transferRequests).set({ updatedAt: now }).where(eq(transferRequests.id, id));
      await announce(tx, row);
    }
    await recordAudit(
      {
        actor: approver,
        action: "transfer.approve",
        target: row.idempotentId,
        outcome: complete ? "approved" : "approval_recorded",
        detail: { transfer_id: id, approvals: total, required: row.approvalsRequired, value_cents: row.valueCents },
        ip: approver.ip ?? null,
      },
      tx as unknown as Db,
    );
    return { row: current, approved: complete };
  });
  return result;
}

export async function rejectTransfer(db: Db, id: string, approver: Actor, reason: string, now = new Date()): Promise<TransferRequestRow> {
  return db.transaction(async (tx) => {
    const row = await decidable(tx, id, approver, now);
    const moved = await moveTransfer(tx, id, "rejected", {
      from: ["awaiting_approval"],
      actor: approver,
      set: { decisionReason: reason },
      note: { key: "transfers.notes.reason", values: { reason } },
    });
    if (!moved.moved) throw notAwaiting(moved.current);
    await recordAudit(
      { actor: approver, action: "transfer.reject", target: row.idempotentId, outcome: "rejected", detail: { transfer_id: id, reason, value_cents: row.valueCents }, ip: approver.ip ?? null },
      tx as unknown as Db,
    );
    return moved.row;
  });
}

/** The locked request, if an approver may decide on it now. */
async function decidable(tx: Tx, id: string, approver: Actor, now: Date): Promise<TransferRequestRow> {
  const row = await lockedRow(tx, id);
  if (row.makerId === approver.id) throw new TransferError("own_request", "transfers.errors.ownRequest");
  if (row.state === "awaiting_approval" && row.expiresAt && row.expiresAt.getTime() <= now.getTime()) {
    throw new TransferError("expired", "transfers.errors.notAwaiting.expired");
  }
  if (row.state !== "awaiting_approval") throw notAwaiting(isTransferState(row.state) ? row.state : null);
  if (row.batchId) throw new TransferError("batch_member", "transfers.errors.batchMember");
  return row;
}

async function lockedRow(tx: Tx, id: string): Promise<TransferRequestRow> {
  const rows = await tx.select().from(transferRequests).where(eq(transferRequests.id, id)).for("update");
  const row = rows[0];
  if (!row) throw new TransferError("not_found", "transfers.errors.notFound");
  return row;
}

function notAwaiting(state: TransferState | null): TransferError {
  return new TransferError("illegal_state", `transfers.errors.notAwaiting.${state ?? "unknown"}`);
}

export { getTransferRow };
