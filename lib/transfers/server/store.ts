import "server-only";
import { randomUUID } from "node:crypto";
import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { RegisterTransfer } from "@/lib/contract";
import type { Db, Tx } from "@/lib/db";
import { transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { searchKey } from "@/lib/pix/text";
import { bodyHash, canonicalBody } from "../body";
import type { ApprovalNeed } from "../approval-need";
import { destinationKey } from "../destination";
import { receiverCheck } from "./receiver-check";
import { TRANSFER_CHANNEL, transferChangeJson } from "../live-channel";
import { seriesView } from "./series-view";
import { asTransferOutcome } from "../outcome";
import { isTransferState, type TransferState } from "../states";
import { holdersOf } from "./who-decides";
import { approvalsOf, costCentresOf, toTransfer, transferView } from "./row-view";
import type { Person, TransferDetail, TransferEvent } from "../types";

export type NewRequest = {
  transfer: RegisterTransfer;
  /** Who made it, and the service token it came with when a program made it. */
  maker: Person & { tokenId?: string };
  /** Who made it go (the maker of a single transfer, the person who submitted a batch). */
  submittedBy: Person;
  /** Distinct approvals the policy asks for (0: approved at once). */
  approvalsRequired: number;
  /** Why (lib/transfers/approval-need.ts): kept so the policy in force later is applied to the same sums. */
  approvalNeed?: ApprovalNeed | null;
  /** When an `awaiting_approval` request expires. */
  expiresAt: Date | null;
  batch?: { id: string; line: number };
  /** A payable: its day and the instant it goes out (it waits in `scheduled` until then). */
  schedule?: { day: string; sendAt: Date } | null;
  seriesId?: string | null;
  description?: string | null;
  costCentreId?: string | null;
  receiverId?: string | null;
};

/** Where a new request starts: waiting for people, waiting for its day, or ready to go. */
function initialState(item: NewRequest, now: Date): TransferState {
  if (item.approvalsRequired > 0) return "awaiting_approval";
  return item.schedule && item.schedule.sendAt.getTime() > now.getTime() ? "scheduled" : "approved";
}

/**
 * Writes transfer requests and the first event of each timeline, in the caller's transaction
 * (the service writes the audit row beside them), each chunk in one statement: the events are
 * appended by the insert's own WITH, from the rows it wrote, and with `announce` each row's making
 * is announced there too (pg_notify, delivered on commit). The idempotent_id is UNIQUE: a
 * request whose id is taken is not written and not returned; the caller decides what a repeat means.
 */
export async function insertRequests(tx: Tx, items: readonly NewRequest[], now: Date, o: { announce?: boolean } = {}): Promise<TransferRequestRow[]> {
  const created: TransferRequestRow[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const insert = tx
      .insert(transferRequests)
      .values(items.slice(i, i + 500).map((item) => newRow(item, now)))
      .onConflictDoNothing({ target: transferRequests.idempotentId })
      .returning();
    const made = tx.$with("made", getTableColumns(transferRequests)).as(insert.getSQL());
    const events = tx.$with("made_events", {}).as(
      sql`insert into ${transferEvents} (transfer_id, at, from_state, to_state, actor_id, actor_email, note)
          select made.id, ${now.toISOString()}::timestamptz, null, made.state, made.submitted_by_id, made.submitted_by_email,
                 case when made.batch_line is null then null
                      else jsonb_build_object('key', 'transfers.notes.fromBatch', 'values', jsonb_build_object('line', made.batch_line)) end
          from made`,
    );
    // `announce`: each row's making is announced by the same statement (what announceMany does for rows of no batch).
    const announced = { announced: sql`pg_notify(${TRANSFER_CHANNEL}, ${transferChangeJson({ id: sql`made.id`, state: sql`made.state`, idempotentId: sql`made.idempotent_id`, batchId: sql`made.batch_id`, created: true })})` };
    const rows = await tx
      .with(made, events)
      .select({ ...made._.selectedFields, ...(o.announce ? announced : {}) })
      .from(made);
    created.push(...rows.map(({ announced: _announced, ...row }: { announced?: unknown }) => row as TransferRequestRow));
  }
  return created;
}

/** A new request's row: its state from its approvals and its day. */
function newRow(item: NewRequest, now: Date) {
  const state = initialState(item, now);
  return {
    id: randomUUID(),
    idempotentId: item.transfer.idempotent_id,
    body: canonicalBody(item.transfer),
    bodyHash: bodyHash(item.transfer),
    valueCents: item.transfer.value_cents,
    receiverName: item.transfer.receiver_name,
    receiverKey: searchKey(item.transfer.receiver_name),
    receiverDocument: item.transfer.receiver_document,
    makerId: item.maker.id,
    makerEmail: item.maker.email,
    makerTokenId: item.maker.tokenId ?? null,
    destinationKey: destinationKey(item.transfer),
    approvalNeed: item.approvalNeed ?? null,
    submittedById: item.submittedBy.id,
    submittedByEmail: item.submittedBy.email,
    state,
    approvalsRequired: item.approvalsRequired,
    expiresAt: state === "awaiting_approval" ? item.expiresAt : null,
    batchId: item.batch?.id ?? null,
    batchLine: item.batch?.line ?? null,
    scheduledFor: item.schedule?.day ?? null,
    sendAt: item.schedule?.sendAt ?? null,
    nextAttemptAt: state === "scheduled" ? item.schedule!.sendAt : null,
    seriesId: item.seriesId ?? null,
    description: item.description ?? null,
    costCentreId: item.costCentreId ?? null,
    receiverId: item.receiverId ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/** The request with this idempotent_id, or null. */
export async function findByIdempotentId(db: Tx, idempotentId: string): Promise<TransferRequestRow | null> {
  const rows = await db.select().from(transferRequests).where(eq(transferRequests.idempotentId, idempotentId)).limit(1);
  return rows[0] ?? null;
}

export async function getTransferRow(db: Db, id: string): Promise<TransferRequestRow | null> {
  const rows = await db.select().from(transferRequests).where(eq(transferRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

/** One request with its approvals and its timeline, or null. */
export async function getTransfer(db: Db, id: string): Promise<TransferDetail | null> {
  const row = await getTransferRow(db, id);
  if (!row) return null;
  const [approvedBy, events] = await Promise.all([
    approvalsOf(db, [row.id]),
    db.select().from(transferEvents).where(eq(transferEvents.transferId, row.id)).orderBy(asc(transferEvents.id)),
  ]);
  const history: TransferEvent[] = events.map((e) => ({
    at: e.at.toISOString(),
    from_state: isTransferState(e.fromState) ? e.fromState : null,
    to_state: isTransferState(e.toState) ? e.toState : "approved",
    actor: e.actorId && e.actorEmail ? { id: e.actorId, email: e.actorEmail } : null,
    note: (e.note as TransferEvent["note"]) ?? null,
    outcome: asTransferOutcome(e.outcome),
  }));
  const [centres, check, series, holders] = await Promise.all([
    costCentresOf(db, [row]),
    receiverCheck(db, row),
    row.seriesId ? seriesView(db, row.seriesId) : Promise.resolve(null),
    holdersOf(db, [row.makerId, row.submittedById]),
  ]);
  const makers = new Set([row.makerId, ...(row.submittedById ? [row.submittedById] : []), ...[...holders.values()].flatMap((people) => [...people])]);
  return { ...toTransfer(row, approvedBy.get(row.id) ?? [], new Date(), centres), history, receiver_check: check, series, acted_as_maker: [...makers] };
}

export { attentionCount, batchInboxConditions, inboxCount, listTransfers, type TransferListQuery } from "./list-store";

export { transferView };

export type SentBankData = { ispb: string; agency: string; account: string; accountType: string };

/**
 * The bank account each of these payments was sent to, when this back office sent it by bank
 * account (the provider's list does not carry bank data; its single read does, one call each).
 */
export async function sentBankData(db: Tx, idempotentIds: readonly string[]): Promise<Map<string, SentBankData>> {
  const found = new Map<string, SentBankData>();
  if (!idempotentIds.length) return found;
  const rows = await db
    .select({ id: transferRequests.idempotentId, body: transferRequests.body })
    .from(transferRequests)
    .where(inArray(transferRequests.idempotentId, [...idempotentIds]));
  for (const { id, body } of rows) {
    if (body.initiation_type !== "manual") continue;
    found.set(id, {
      ispb: String(body.receiver_bank_ispb ?? ""),
      agency: String(body.receiver_agency ?? ""),
      account: String(body.receiver_account ?? ""),
      accountType: String(body.receiver_account_type ?? ""),
    });
  }
  return found;
}
