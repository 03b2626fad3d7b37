import "server-only";
import { and, count, eq, gte, ilike, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db";
import { containsPattern } from "@/lib/db/like";
import { transferRequests, transferTotals, transferTotalsDelta } from "@/lib/db/schema";
import { NO_COST_CENTRE } from "../filters";
import type { TransferListQuery } from "./store";

/**
 * The count and sum of what a transfer list's filters match. For the common filters (state, the
 * days of creation, a maker or a cost centre) they are read from transfer_totals and its delta
 * (appended by triggers in the transaction of every change, migration store_at_scale): a few rows
 * per day instead of every request. Any other filter (receiver, amounts, batch, series, the inbox, needs attention)
 * is selective or bounded, and is counted from the requests themselves with the same conditions
 * as the page.
 */
export type ListTotals = { n: number; cents: number };

const ROLLUP_FILTERS = new Set<keyof TransferListQuery>(["state", "createdFrom", "createdTo", "maker", "costCentre", "page", "pageSize", "now", "cursor"]);

/** Whether transfer_totals answers this query (one level: not a maker and a cost centre together). */
export function totalsFromRollup(q: TransferListQuery): boolean {
  const used = (Object.keys(q) as (keyof TransferListQuery)[]).filter((k) => q[k] !== undefined && q[k] !== false);
  return used.every((k) => ROLLUP_FILTERS.has(k)) && !(q.maker && q.costCentre);
}

export async function listTotals(db: Db, q: TransferListQuery, where: SQL | undefined): Promise<ListTotals> {
  if (!totalsFromRollup(q)) {
    const rows = await db.select({ n: count(), cents: sql<string | null>`sum(${transferRequests.valueCents})` }).from(transferRequests).where(where);
    return { n: Number(rows[0]?.n ?? 0), cents: Number(rows[0]?.cents ?? 0) };
  }
  // Folded totals and the deltas appended since, in one statement (one snapshot: lib/db/totals-fold.ts).
  const part = (t: typeof transferTotals | typeof transferTotalsDelta) =>
    db.select({ n: sql<string | null>`sum(${t.n})`, cents: sql<string | null>`sum(${t.cents})` }).from(t).where(rollupConditions(t, q));
  const rows = await unionAll(part(transferTotals), part(transferTotalsDelta));
  return { n: rows.reduce((sum, r) => sum + Number(r.n ?? 0), 0), cents: rows.reduce((sum, r) => sum + Number(r.cents ?? 0), 0) };
}

function rollupConditions(t: typeof transferTotals | typeof transferTotalsDelta, q: TransferListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  // The level: a maker's rows, a cost centre's rows, or every request's.
  if (q.maker) conditions.push(ilike(t.makerEmail, containsPattern(q.maker.trim())), ne(t.makerEmail, "*"), eq(t.costCentreId, "*"));
  else conditions.push(eq(t.makerEmail, "*"));
  if (q.costCentre) conditions.push(eq(t.costCentreId, q.costCentre === NO_COST_CENTRE ? "" : q.costCentre));
  else if (!q.maker) conditions.push(eq(t.costCentreId, "*"));
  if (q.state) conditions.push(Array.isArray(q.state) ? inArray(t.state, q.state) : eq(t.state, q.state));
  // Brazil days as "YYYY-MM-DD" sort as text: the same days the page's created_at range covers.
  if (q.createdFrom) conditions.push(gte(t.day, q.createdFrom));
  if (q.createdTo) conditions.push(lte(t.day, q.createdTo));
  return and(...conditions);
}
