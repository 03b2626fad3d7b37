import "server-only";
import { and, count, eq, gte, ilike, lt, ne, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { AuditQuery } from "@/lib/audit/filters";
import { brazilDayKey, startOfBrazilDay } from "@/lib/pix/time";
import type { Db } from "./client";
import { escapeLike } from "./like";
import { auditLog, auditTotals, auditTotalsDelta } from "./schema/audit";

/**
 * How many audit rows the filters match. From audit_totals and its delta (appended by a trigger
 * with the rows, migration store_at_scale) when the filters are whole Brazil days and at most one of
 * action or actor: a few rows per day instead of every entry. Otherwise (an outcome, action and
 * actor together, a range that starts or ends inside a day) counted from the log with the page's
 * conditions: those filters are selective.
 */
export async function auditTotal(db: Db, query: Partial<AuditQuery>, where: SQL | undefined): Promise<number> {
  const wholeDays = [query.from, query.to].every((d) => !d || startOfBrazilDay(d).getTime() === d.getTime());
  if (query.outcome || (query.action && query.actor) || !wholeDays) {
    const rows = await db.select({ n: count() }).from(auditLog).where(where);
    return Number(rows[0]?.n ?? 0);
  }
  // Folded totals and the deltas appended since, in one statement (one snapshot: ./totals-fold.ts).
  const part = (t: typeof auditTotals | typeof auditTotalsDelta) => db.select({ n: sql<string | null>`sum(${t.n})` }).from(t).where(rollupConditions(t, query));
  const rows = await unionAll(part(auditTotals), part(auditTotalsDelta));
  return rows.reduce((sum, r) => sum + Number(r.n ?? 0), 0);
}

function rollupConditions(t: typeof auditTotals | typeof auditTotalsDelta, query: Partial<AuditQuery>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(t.action, query.action), eq(t.actorEmail, "*"));
  else if (query.actor) conditions.push(eq(t.action, "*"), ne(t.actorEmail, "*"), ilike(t.actorEmail, `%${escapeLike(query.actor)}%`));
  else conditions.push(eq(t.action, "*"), eq(t.actorEmail, "*"));
  // `to` is exclusive: the start of the day after the last one.
  if (query.from) conditions.push(gte(t.day, brazilDayKey(query.from)));
  if (query.to) conditions.push(lt(t.day, brazilDayKey(query.to)));
  return and(...conditions);
}
