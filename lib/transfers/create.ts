import "server-only";
import type { RegisterTransfer } from "@/lib/contract";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { costCentres, receivers, transferSeries, type TransferRequestRow } from "@/lib/db/schema";
import { bodyHash, canonicalBody } from "./body";
import { TransferError } from "./errors";
import type { ApprovalPolicy } from "./policy";
import { seriesDays, sendInstant, type Recurrence } from "./schedule";
import type { TransferQueue } from "./queue";
import { approvalNeed, lockMakerWindow, recentSumsToReceivers, type ApprovalNeed } from "./receiver-window";
import { findByIdempotentId, insertRequests } from "./store";
import { announceMany } from "./transition";
import type { Person } from "./types";
import type { Actor } from "@/lib/domain/actor";

/**
 * Making a transfer request (one, or a recurring series): the approvals it needs, its audit row,
 * the queue told after the commit. What people do to it afterwards: lib/transfers/service.ts.
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
