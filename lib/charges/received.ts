import "server-only";
import { and, desc, gte, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { charges } from "@/lib/db/schema";
import { addBrazilDays, brazilInstant } from "@/lib/pix/time";
import type { ChargesReceived } from "./answers";

/** The payers named on the overview: the largest few (the total counts everyone). */
export const RECEIVED_TOP_PAYERS = 5;

/**
 * Money in from charges between two Brazil days (both included), by the day it was paid (Brazil
 * time): what the payer paid (`paid_value_cents`), whatever the charge's state since (a payment
 * after a withdrawal is money in too). Who paid is the payer the provider reported, else the one
 * we asked. Read from our store (the overview's payments figures come from the provider's
 * payments list, which never holds money in: nothing is counted twice).
 */
export async function chargesReceived(db: Db, period: { start: string; end: string }): Promise<ChargesReceived> {
  const from = brazilInstant(period.start);
  const until = brazilInstant(period.end);
  if (!from || !until) throw new Error(`not a period: ${period.start}..${period.end}`);
  const where = and(isNotNull(charges.paidAt), gte(charges.paidAt, from), lt(charges.paidAt, addBrazilDays(until, 1)));
  const cents = sql<string>`sum(coalesce(${charges.paidValueCents}, ${charges.valueCents}))`;
  const day = sql<string>`to_char(${charges.paidAt} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`;
  const payerDocument = sql<string>`coalesce(${charges.paidByDocument}, ${charges.payerDocument})`;
  const [days, payers] = await Promise.all([
    db.select({ day, n: sql<string>`count(*)`, cents }).from(charges).where(where).groupBy(day).orderBy(day),
    db
      .select({ document: payerDocument, name: sql<string>`max(coalesce(${charges.paidByName}, ${charges.payerName}))`, n: sql<string>`count(*)`, cents })
      .from(charges)
      .where(where)
      .groupBy(payerDocument)
      .orderBy(desc(cents), payerDocument)
      .limit(RECEIVED_TOP_PAYERS),
  ]);
  const byDay = days.map((d) => ({ day: d.day, count: Number(d.n), value_cents: Number(d.cents) }));
  return {
    start: period.start,
    end: period.end,
    total: { count: byDay.reduce((a, d) => a + d.count, 0), value_cents: byDay.reduce((a, d) => a + d.value_cents, 0) },
    days: byDay,
    top_payers: payers.map((p) => ({ name: p.name, document: p.document, count: Number(p.n), value_cents: Number(p.cents) })),
  };
}
