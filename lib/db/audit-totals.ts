import "server-only";
import { and, count, eq, gte, ilike, lt, ne, sql, type SQL } from "drizzle-orm";
import type { AuditQuery } from "@/lib/audit/filters";
import { brazilDayKey, startOfBrazilDay } from "@/lib/pix/time";
import type { Db } from "./client";
import { escapeLike } from "./like";
import { auditLog, auditTotals } from "./schema/audit";

/**
 * How many audit rows the filters match. From audit_totals (kept by a trigger as rows are
 * appended, migration store_at_scale) when the filters are whole Brazil days and at most one of
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
  const t = auditTotals;
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(t.action, query.action), eq(t.actorEmail, "*"));
  else if (query.actor) conditions.push(eq(t.action, "*"), ne(t.actorEmail, "*"), ilike(t.actorEmail, `%${escapeLike(query.actor)}%`));
  else conditions.push(eq(t.action, "*"), eq(t.actorEmail, "*"));
  // `to` is exclusive: the start of the day after the last one.
  if (query.from) conditions.push(gte(t.day, brazilDayKey(query.from)));
  if (query.to) conditions.push(lt(t.day, brazilDayKey(query.to)));
  const rows = await db.select({ n: sql<string | null>`sum(${t.n})` }).from(t).where(and(...conditions));
  return Number(rows[0]?.n ?? 0);
}
