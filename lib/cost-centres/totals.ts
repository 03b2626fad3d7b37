import "server-only";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { costCentres, transferRequests } from "@/lib/db/schema";
import { addBrazilDays, brazilInstant } from "@/lib/pix/time";
import type { CostCentreTotal } from "./types";

/**
 * What was PAID per cost centre between two Brazil days (both included), by the payment's date:
 * the count and the sum in cents, largest first, transfers naming no centre last. One grouped
 * query over the store's requests (never the provider's lists).
 */
export async function paidByCostCentre(db: Db, period: { start: string; end: string }): Promise<CostCentreTotal[]> {
  const from = brazilInstant(period.start);
  const until = brazilInstant(period.end);
  if (!from || !until) throw new Error(`not a period: ${period.start}..${period.end}`);
  const t = transferRequests;
  const groups = await db
    .select({ id: t.costCentreId, n: sql<string>`count(*)`, cents: sql<string>`sum(${t.valueCents})` })
    .from(t)
    .where(and(eq(t.state, "paid"), gte(t.paymentDate, from), lt(t.paymentDate, addBrazilDays(until, 1))))
    .groupBy(t.costCentreId);
  const ids = groups.map((g) => g.id).filter((id): id is string => id !== null);
  const centres = ids.length ? await db.select().from(costCentres).where(inArray(costCentres.id, ids)) : [];
  const byId = new Map(centres.map((c) => [c.id, { id: c.id, code: c.code, name: c.name }]));
  return groups
    .map((g) => ({ cost_centre: g.id ? (byId.get(g.id) ?? { id: g.id, code: "", name: "" }) : null, count: Number(g.n), total_cents: Number(g.cents) }))
    .sort((a, b) => (a.cost_centre === null ? 1 : b.cost_centre === null ? -1 : b.total_cents - a.total_cents || a.cost_centre.code.localeCompare(b.cost_centre.code)));
}
