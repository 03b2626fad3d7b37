import "server-only";
import type { RegisterTransfer } from "@/lib/contract";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { costCentres, receivers, transferSeries, type TransferRequestRow } from "@/lib/db/schema";
import { bodyHash, canonicalBody } from "../body";
import { ApiError } from "@/lib/http/api-error";
import type { ApprovalPolicy } from "../policy";
import { seriesDays, sendInstant, type Recurrence } from "../schedule";
import type { TransferQueue } from "./queue";
import { approvalNeed, type ApprovalNeed } from "../approval-need";
import { destinationKey } from "../destination";
import { earlierFor, lockDestinations, makerGroup, recentSums } from "./receiver-window";
import { DEFAULT_SEND_TIME, requestExpiry } from "../deadlines";
import { findByIdempotentId, insertRequests } from "./store";
import type { DestinationBody } from "../destination";
import type { Person } from "../types";
import type { Actor } from "@/lib/domain/actor";

/**
 * Making a transfer request (one, or a recurring series): the approvals it needs, its audit row,
 * the queue told after the commit. What people do to it afterwards: lib/transfers/server/service.ts.
 */

/**
 * What the back office keeps beside the provider's fields of a transfer (never sent to the
 * provider): the day it goes out and its recurrence (a payable), its description, cost centre
 * and the saved receiver it came from.
 */
export type TransferExtras = {
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
  input: { transfer: RegisterTransfer; maker: Actor; policy: ApprovalPolicy; now?: Date; payable?: TransferExtras; sendTime?: string },
): Promise<{ transfer: TransferRequestRow; created: boolean; series?: TransferRequestRow[] }> {
  const { transfer, maker, policy } = input;
  const payable = input.payable ?? {};
  const now = input.now ?? new Date();
  const sendTime = input.sendTime ?? DEFAULT_SEND_TIME;
  const days = payable.scheduledFor ? (payable.recurrence ? seriesDays(payable.scheduledFor, payable.recurrence) : [payable.scheduledFor]) : [null];
  const created = await db.transaction(async (tx) => {
    await checkExtrasLinks(tx, transfer, payable);
    await lockDestinations(tx, [transfer]);
    const need = await needOf(tx, maker.id, transfer, transfer.value_cents * days.length, policy, now);
    const firstSend = days[0] ? sendInstant(days[0], sendTime) : null;
    const expiresAt = requestExpiry(policy, now, firstSend);
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
        approvalNeed: need,
        expiresAt,
        schedule: day ? { day, sendAt: sendInstant(day, sendTime) } : null,
        seriesId,
        description: payable.description ?? null,
        costCentreId: payable.costCentreId ?? null,
        receiverId: payable.receiverId ?? null,
      })),
      now,
      // A request, or a series' occurrences: no batch, each one announced by the insert itself.
      { announce: true },
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
    throw new ApiError("conflict_body", "transfers.errors.idTaken", { idempotent_id: transfer.idempotent_id });
  }
  return { transfer: existing, created: false };
}

/** An occurrence's idempotent_id: the series' own id and its day ("nf-2026-0042-2027-01-31"). */
export function occurrenceId(base: string, day: string): string {
  return `${base.slice(0, 255 - day.length - 1)}-${day}`;
}

/** The cost centre must exist and be in use; a saved receiver must be the transfer's receiver. */
async function checkExtrasLinks(tx: Tx, transfer: RegisterTransfer, payable: TransferExtras): Promise<void> {
  if (payable.costCentreId) {
    const [centre] = await tx.select().from(costCentres).where(eq(costCentres.id, payable.costCentreId));
    if (!centre) throw new ApiError("invalid", "validation.costCentre.unknown", {}, "cost_centre_id");
    if (!centre.active) throw new ApiError("invalid", "validation.costCentre.inactive", {}, "cost_centre_id");
  }
  if (payable.receiverId) {
    const [saved] = await tx.select().from(receivers).where(and(eq(receivers.id, payable.receiverId), isNull(receivers.deletedAt)));
    if (!saved) throw new ApiError("invalid", "validation.receiver.unknown", {}, "receiver_id");
    if (saved.document !== transfer.receiver_document) throw new ApiError("invalid", "validation.receiver.otherDocument", {}, "receiver_id");
    // "Saved receiver" tells the approver where the money goes: it must be where the saved one says.
    const savedKey = destinationKey({
      receiver_document: saved.document,
      initiation_type: saved.initiationType,
      pix_key_type: saved.pixKeyType,
      pix_key: saved.pixKey,
      receiver_bank_ispb: saved.bankIspb,
      receiver_agency: saved.agency,
      receiver_account: saved.account,
    });
    if (savedKey !== destinationKey(transfer)) throw new ApiError("invalid", "validation.receiver.otherDestination", {}, "receiver_id");
  }
}

/** The approvals a transfer of `cents` (a series: all its occurrences) needs when this maker makes it now. */
async function needOf(tx: Tx, makerId: string, transfer: RegisterTransfer, cents: number, policy: ApprovalPolicy, now: Date): Promise<ApprovalNeed> {
  const key = destinationKey(transfer);
  const sums = await recentSums(tx, await makerGroup(tx, makerId), { documents: [transfer.receiver_document], keys: key ? [key] : [] }, now);
  return approvalNeed(policy, cents, earlierFor(transfer, sums));
}

/**
 * The approvals a transfer would need if this maker created it now (the form says it before the
 * review): the same sums as the creation, for whatever of the destination is known yet.
 */
export async function previewApprovals(
  db: Db,
  input: { maker: Person; destination: Partial<DestinationBody>; valueCents: number; policy: ApprovalPolicy; now?: Date },
): Promise<ApprovalNeed> {
  const now = input.now ?? new Date();
  const document = input.destination.receiver_document ?? "";
  const body: DestinationBody = { ...input.destination, receiver_document: document };
  const key = destinationKey(body);
  if (!document && !key) return approvalNeed(input.policy, input.valueCents, { document: 0, key: 0, destinationKey: null });
  const sums = await recentSums(db, await makerGroup(db, input.maker.id), { documents: document ? [document] : [], keys: key ? [key] : [] }, now);
  return approvalNeed(input.policy, input.valueCents, earlierFor(body, sums));
}
