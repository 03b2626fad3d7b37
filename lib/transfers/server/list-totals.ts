import "server-only";
import { and, count, eq, gte, ilike, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db";
import { containsPattern } from "@/lib/db/like";
import { receiverTotals, receiverTotalsDelta, transferRequests, transferTotals, transferTotalsDelta } from "@/lib/db/schema";
import { NO_COST_CENTRE, receiverSearch } from "../filters";
import { namesContaining } from "./receiver-names";
import type { TransferListQuery } from "./store";

/**
 * The count and sum of what a transfer list's filters match. For the common filters (state, the
 * days of creation, a maker or a cost centre) they are read from transfer_totals and its delta
 * (appended by triggers in the transaction of every change, migration store_at_scale): a few rows
 * per day instead of every request; a receiver's name (with a state or not) from receiver_totals,
 * a few rows per name. Any other filter (a document, amounts, batch, series, the inbox, needs
 * attention, or a name with days) is selective or bounded, and is counted from the requests
 * themselves with the same conditions as the page.
 */
export type ListTotals = { n: number; cents: number };

const NOT_FILTERS: (keyof TransferListQuery)[] = ["page", "pageSize", "now", "cursor"];
const DAY_ROLLUP = new Set<keyof TransferListQuery>(["state", "createdFrom", "createdTo", "maker", "costCentre", ...NOT_FILTERS]);
const RECEIVER_ROLLUP = new Set<keyof TransferListQuery>(["receiver", "state", ...NOT_FILTERS]);

/**
 * Where this query's totals come from: transfer_totals ("days": one level, not a maker and a cost
 * centre together), receiver_totals ("receivers": a receiver's name, no digits, maybe a state) or
 * the matching rows.
 */
export function totalsSource(q: TransferListQuery): "days" | "receivers" | "rows" {
  const used = (Object.keys(q) as (keyof TransferListQuery)[]).filter((k) => q[k] !== undefined && q[k] !== false);
  if (used.every((k) => DAY_ROLLUP.has(k)) && !(q.maker && q.costCentre)) return "days";
  if (q.receiver && receiverSearch(q.receiver).digits === null && used.every((k) => RECEIVER_ROLLUP.has(k))) return "receivers";
  return "rows";
}

export async function listTotals(db: Db, q: TransferListQuery, where: SQL | undefined): Promise<ListTotals> {
  const source = totalsSource(q);
  if (source === "rows") {
    const rows = await db.select({ n: count(), cents: sql<string | null>`sum(${transferRequests.valueCents})` }).from(transferRequests).where(where);
    return { n: Number(rows[0]?.n ?? 0), cents: Number(rows[0]?.cents ?? 0) };
  }
  const rows =
    source === "days"
      ? await foldedAndDelta(db, [transferTotals, transferTotalsDelta], (t) => dayConditions(t, q))
      : await foldedAndDelta(db, [receiverTotals, receiverTotalsDelta], (t) => receiverConditions(t, q));
  return { n: rows.reduce((sum, r) => sum + Number(r.n ?? 0), 0), cents: rows.reduce((sum, r) => sum + Number(r.cents ?? 0), 0) };
}

type Rollup = typeof transferTotals | typeof transferTotalsDelta | typeof receiverTotals | typeof receiverTotalsDelta;

/** Folded totals and the deltas appended since, in one statement (one snapshot: lib/db/totals-fold.ts). */
function foldedAndDelta<F extends Rollup, D extends Rollup>(db: Db, [folded, delta]: [F, D], where: (t: F | D) => SQL | undefined) {
  const sumOf = (t: F | D) => db.select({ n: sql<string | null>`sum(${t.n})`, cents: sql<string | null>`sum(${t.cents})` }).from(t as Rollup).where(where(t));
  return unionAll(sumOf(folded), sumOf(delta));
}

const stateIs = (t: Rollup, state: NonNullable<TransferListQuery["state"]>) => (Array.isArray(state) ? inArray(t.state, state) : eq(t.state, state));

function receiverConditions(t: typeof receiverTotals | typeof receiverTotalsDelta, q: TransferListQuery): SQL | undefined {
  const conditions: SQL[] = [sql`${t.receiverKey} in (${namesContaining(receiverSearch(q.receiver!).key)})`];
  if (q.state) conditions.push(stateIs(t, q.state));
  return and(...conditions);
}

function dayConditions(t: typeof transferTotals | typeof transferTotalsDelta, q: TransferListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  // The level: a maker's rows, a cost centre's rows, or every request's.
  if (q.maker) conditions.push(ilike(t.makerEmail, containsPattern(q.maker.trim())), ne(t.makerEmail, "*"), eq(t.costCentreId, "*"));
  else conditions.push(eq(t.makerEmail, "*"));
  if (q.costCentre) conditions.push(eq(t.costCentreId, q.costCentre === NO_COST_CENTRE ? "" : q.costCentre));
  else if (!q.maker) conditions.push(eq(t.costCentreId, "*"));
  if (q.state) conditions.push(stateIs(t, q.state));
  // Brazil days as "YYYY-MM-DD" sort as text: the same days the page's created_at range covers.
  if (q.createdFrom) conditions.push(gte(t.day, q.createdFrom));
  if (q.createdTo) conditions.push(lte(t.day, q.createdTo));
  return and(...conditions);
}
