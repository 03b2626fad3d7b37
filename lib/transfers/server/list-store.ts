import "server-only";
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { afterCursor, encodeCursor, microsOf, type Cursor } from "@/lib/db/keyset";
import { containsPattern } from "@/lib/db/like";
import { transferRequests } from "@/lib/db/schema";
import { MAX_STORE_PAGE_SIZE, TRANSFERS_PAGE_SIZE } from "@/lib/domain/pages";
import { addBrazilDays, brazilInstant } from "@/lib/pix/time";
import { attentionCondition } from "./attention";
import { NO_COST_CENTRE, receiverSearch } from "../filters";
import { listTotals } from "./list-totals";
import { namesContaining } from "./receiver-names";
import { approvalsOf, attentionSettings, costCentresOf, toTransfer } from "./row-view";
import type { TransferState } from "../states";
import type { TransferListMeta, TransferRequest } from "../types";
import { awaitsDecisionOfSql } from "./who-decides";

/**
 * The transfer list and the counts of the header (the inbox, what needs attention): what the
 * filters match, newest first, with the totals of all of it. Rows are written by ./store.ts.
 */

export type TransferListQuery = {
  state?: TransferState | TransferState[];
  page?: number;
  pageSize?: number;
  batchId?: string;
  seriesId?: string;
  /** Only what waits for this person's decision (not theirs, not yet approved by them, not part of a batch). */
  inboxOf?: string;
  /** Only what needs a person (lib/transfers/server/attention.ts). */
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
    // The names that contain the text (receiver_keys: a small table's trigram index), then their
    // rows (a plain index). Alone, a semi-join: the planner weighs how many names matched (a common
    // surname: the newest rows, filtered, for the page). Beside the document, an OR, which a join
    // cannot be: the names as an array, few when the text has digits (a long array would be
    // compared row by row: "silva", 1,614 names, took 13 s that way at 2,000,000 requests).
    const names = namesContaining(key);
    conditions.push(
      digits
        ? (or(sql`${t.receiverKey} = any(array(${names}))`, sql`${t.receiverDocument} like ${containsPattern(digits)}`) as SQL)
        : sql`${t.receiverKey} in (${names})`,
    );
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
