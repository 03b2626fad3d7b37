import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { RegisterTransfer } from "@/lib/contract";
import type { Db, Tx } from "@/lib/db";
import { afterCursor, encodeCursor, microsOf, type Cursor } from "@/lib/db/keyset";
import { containsPattern } from "@/lib/db/like";
import { transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { MAX_STORE_PAGE_SIZE, TRANSFERS_PAGE_SIZE } from "@/lib/domain/pages";
import { searchKey } from "@/lib/pix/text";
import { addBrazilDays, brazilInstant } from "@/lib/pix/time";
import { attentionCondition } from "./attention";
import { listTotals } from "./list-totals";
import { bodyHash, canonicalBody } from "./body";
import type { ApprovalNeed } from "./approval-need";
import { destinationKey } from "./destination";
import { NO_COST_CENTRE, receiverSearch } from "./filters";
import { receiverCheck } from "./receiver-check";
import { seriesView } from "./series-view";
import { asTransferOutcome } from "./outcome";
import { isTransferState, type TransferState } from "./states";
import { awaitsDecisionOfSql, holdersOf } from "./who-decides";
import { approvalsOf, attentionSettings, costCentresOf, toTransfer, transferView } from "./row-view";
import type { Person, TransferDetail, TransferEvent, TransferListMeta, TransferRequest } from "./types";

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
 * (the service writes the audit row beside them). The idempotent_id is UNIQUE: a request whose id
 * is taken is not written and not returned; the caller decides what a repeat means.
 */
export async function insertRequests(tx: Tx, items: readonly NewRequest[], now: Date): Promise<TransferRequestRow[]> {
  const created: TransferRequestRow[] = [];
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500);
    const rows = await tx
      .insert(transferRequests)
      .values(
        chunk.map((item) => {
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
        }),
      )
      .onConflictDoNothing({ target: transferRequests.idempotentId })
      .returning();
    created.push(...rows);
  }
  for (let i = 0; i < created.length; i += 1_000) {
    await tx.insert(transferEvents).values(
      created.slice(i, i + 1_000).map((row) => ({
        transferId: row.id,
        at: now,
        fromState: null,
        toState: row.state,
        actorId: row.submittedById,
        actorEmail: row.submittedByEmail,
        note: row.batchLine !== null ? { key: "transfers.notes.fromBatch", values: { line: row.batchLine } } : null,
      })),
    );
  }
  return created;
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

export type TransferListQuery = {
  state?: TransferState | TransferState[];
  page?: number;
  pageSize?: number;
  batchId?: string;
  seriesId?: string;
  /** Only what waits for this person's decision (not theirs, not yet approved by them, not part of a batch). */
  inboxOf?: string;
  /** Only what needs a person (lib/transfers/attention.ts). */
  attention?: boolean;
  /** Part of the maker's e-mail, case aside. */
  maker?: string;
  /** Part of the receiver's name (accents and case aside) or of their document (./filters.ts receiverSearch). */
  receiver?: string;
  /** A cost centre's id, or NO_COST_CENTRE. */
  costCentre?: string;
  minCents?: number;
  maxCents?: number;
  /** Created between these Brazil days ("YYYY-MM-DD"), both included. */
  createdFrom?: string;
  createdTo?: string;
  /** Changed at or after this instant. */
  updatedSince?: Date;
  /** The next page after this cursor (lib/db/keyset.ts) instead of a page number. */
  cursor?: Cursor;
  now?: Date;
};

/**
 * A page of requests, newest first, with the count and the sum of every request the filters match
 * (./list-totals.ts). A page number skips rows (OFFSET); a cursor seeks the (created_at, id) index
 * and costs the same however deep, and `meta.next_cursor` names the page after this one.
 */
export async function listTransfers(db: Db, q: TransferListQuery): Promise<{ transfers: TransferRequest[]; meta: TransferListMeta }> {
  const page = q.cursor ? 1 : Math.max(1, q.page ?? 1);
  const pageSize = Math.min(MAX_STORE_PAGE_SIZE, Math.max(1, q.pageSize ?? TRANSFERS_PAGE_SIZE));
  const now = q.now ?? new Date();
  const conditions = listConditions(q, now);
  const where = conditions.length ? and(...conditions) : undefined;
  const t = transferRequests;
  const [found, totals] = await Promise.all([
    db
      .select({ row: t, micros: microsOf(t.createdAt) })
      .from(t)
      .where(q.cursor ? and(where, afterCursor(t.createdAt, t.id, q.cursor, "text")) : where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    listTotals(db, q, where),
  ]);
  const rows = found.map((f) => f.row);
  const last = found.at(-1);
  const [approvedBy, centres] = await Promise.all([approvalsOf(db, rows.map((r) => r.id)), costCentresOf(db, rows)]);
  return {
    transfers: rows.map((r) => toTransfer(r, approvedBy.get(r.id) ?? [], now, centres)),
    meta: {
      page,
      page_size: pageSize,
      total: totals.n,
      total_pages: Math.max(1, Math.ceil(totals.n / pageSize)),
      total_value_cents: totals.cents,
      next_cursor: last && found.length === pageSize ? encodeCursor({ micros: last.micros, id: last.row.id }) : null,
    },
  };
}

function listConditions(q: TransferListQuery, now: Date): SQL[] {
  const t = transferRequests;
  const conditions: SQL[] = [];
  if (q.state) conditions.push(Array.isArray(q.state) ? inArray(t.state, q.state) : eq(t.state, q.state));
  if (q.batchId) conditions.push(eq(t.batchId, q.batchId));
  if (q.seriesId) conditions.push(eq(t.seriesId, q.seriesId));
  if (q.inboxOf) conditions.push(...inboxConditions(q.inboxOf, now));
  if (q.attention) conditions.push(attentionCondition(now, attentionSettings().afterMinutes));
  if (q.maker) conditions.push(ilike(t.makerEmail, containsPattern(q.maker.trim())));
  if (q.receiver) {
    const { key, digits } = receiverSearch(q.receiver);
    const byName = sql`${t.receiverKey} like ${containsPattern(key)}`;
    conditions.push(digits ? (or(byName, sql`${t.receiverDocument} like ${containsPattern(digits)}`) as SQL) : byName);
  }
  if (q.costCentre) conditions.push(q.costCentre === NO_COST_CENTRE ? isNull(t.costCentreId) : eq(t.costCentreId, q.costCentre));
  if (q.minCents !== undefined) conditions.push(gte(t.valueCents, q.minCents));
  if (q.maxCents !== undefined) conditions.push(lte(t.valueCents, q.maxCents));
  const from = q.createdFrom ? brazilInstant(q.createdFrom) : null;
  const to = q.createdTo ? brazilInstant(q.createdTo) : null;
  if (from) conditions.push(gte(t.createdAt, from));
  if (to) conditions.push(lt(t.createdAt, addBrazilDays(to, 1)));
  if (q.updatedSince) conditions.push(gte(t.updatedAt, q.updatedSince));
  return conditions;
}

/** Single requests that wait for this person's decision (who may decide: ./who-decides.ts). */
function inboxConditions(userId: string, now: Date): SQL[] {
  return [awaitsDecisionOfSql(userId, now), isNull(transferRequests.batchId)];
}

/**
 * What waits for this person's decision, each batch and each series counted ONCE (one decision
 * each: lib/transfers/inbox-items.ts): the header badge and "Aguardando você".
 */
export async function inboxCount(db: Db, userId: string, now = new Date()): Promise<number> {
  const t = transferRequests;
  const [singles, batchesWaiting] = await Promise.all([
    db
      .select({ n: sql<string>`count(*) filter (where ${t.seriesId} is null) + count(distinct ${t.seriesId})` })
      .from(t)
      .where(and(...inboxConditions(userId, now))),
    db
      .select({ n: sql<string>`count(distinct ${t.batchId})` })
      .from(t)
      .where(and(...batchInboxConditions(userId, now))),
  ]);
  return Number(singles[0]?.n ?? 0) + Number(batchesWaiting[0]?.n ?? 0);
}

/** Rows of batches that wait for this person's decision (the same rule: ./who-decides.ts). */
export function batchInboxConditions(userId: string, now: Date): SQL[] {
  return [awaitsDecisionOfSql(userId, now), sql`${transferRequests.batchId} is not null`];
}

/** How many requests need a person now (the header's count for operators and admins). */
export async function attentionCount(db: Db, now = new Date()): Promise<number> {
  const rows = await db.select({ n: count() }).from(transferRequests).where(attentionCondition(now, attentionSettings().afterMinutes));
  return Number(rows[0]?.n ?? 0);
}

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
