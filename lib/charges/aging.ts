import "server-only";
import { and, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { charges } from "@/lib/db/schema";
import { addBrazilDays, brazilDayKey, brazilInstant, startOfBrazilMonth } from "@/lib/pix/time";
import type { ChargeAging } from "./answers";
import { OPEN_CHARGE_STATES, type ChargeState } from "./states";

/** How far back an unpaid charge still counts as overdue (older ones are old news, not a task). */
export const OVERDUE_WINDOW_DAYS = 30;

/** Unpaid after its due date: still awaiting payment (not yet read back) or expired at the provider. */
const OVERDUE_STATES: readonly ChargeState[] = [...OPEN_CHARGE_STATES, "expired"];

/**
 * The one rule of "overdue", for the figures on /charges and the `charges_overdue` alert: not
 * paid, not withdrawn, due on a Brazil day before today and within the last OVERDUE_WINDOW_DAYS.
 */
export function overdueWhere(now: Date): SQL {
  const today = brazilDayKey(now);
  const from = brazilDayKey(addBrazilDays(brazilInstant(today, "12:00")!, -OVERDUE_WINDOW_DAYS));
  return and(inArray(charges.state, [...OVERDUE_STATES]), lt(charges.dueDate, today), gte(charges.dueDate, from))!;
}

/**
 * The aging figures, in one query: due today (still open), overdue (overdueWhere) with its oldest
 * due day, and paid this Brazil month (what was received, by payment date).
 */
export async function chargeAging(db: Db | Tx, now = new Date()): Promise<ChargeAging> {
  const today = brazilDayKey(now);
  const dueToday = and(inArray(charges.state, [...OPEN_CHARGE_STATES]), sql`${charges.dueDate} = ${today}`)!;
  const overdue = overdueWhere(now);
  const paidThisMonth = gte(charges.paidAt, startOfBrazilMonth(now));
  const [row] = await db
    .select({
      dueTodayCount: sql<string>`count(*) filter (where ${dueToday})`,
      dueTodayCents: sql<string | null>`sum(${charges.valueCents}) filter (where ${dueToday})`,
      overdueCount: sql<string>`count(*) filter (where ${overdue})`,
      overdueCents: sql<string | null>`sum(${charges.valueCents}) filter (where ${overdue})`,
      overdueOldest: sql<string | null>`min(${charges.dueDate}) filter (where ${overdue})`,
      paidCount: sql<string>`count(*) filter (where ${paidThisMonth})`,
      paidCents: sql<string | null>`sum(${charges.paidValueCents}) filter (where ${paidThisMonth})`,
    })
    .from(charges);
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  return {
    as_of: today,
    due_today: { count: n(row?.dueTodayCount), value_cents: n(row?.dueTodayCents) },
    overdue: { count: n(row?.overdueCount), value_cents: n(row?.overdueCents), oldest_due_date: row?.overdueOldest ?? null },
    paid_this_month: { count: n(row?.paidCount), value_cents: n(row?.paidCents) },
  };
}
