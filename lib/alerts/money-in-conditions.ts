import "server-only";
import { and, eq, gte } from "drizzle-orm";
import { incomingItems } from "@/lib/cash/incoming";
import { outgoingItems } from "@/lib/cash/outgoing";
import { calendar, projectCash } from "@/lib/cash/projection";
import { chargeAging } from "@/lib/charges/aging";
import { charges } from "@/lib/db/schema";
import type { AccountBalance } from "@/lib/payments-api";
import { brazilDayKey } from "@/lib/pix";
import { HOUR, MAX_ROWS, type Condition, type ConditionContext } from "./condition-types";

/** The rules about money to come: the cash position's short days and the charges (overdue, paid after withdrawal). */

/** How far ahead projected_shortfall looks: the cash page's default span. */
export const SHORTFALL_HORIZON_DAYS = 30;

/** How long a charge paid after it was withdrawn stays an alert (it is resolved by hand before that, or lapses). */
const CHARGE_ATTENTION_DAYS = 30;

/**
 * Each day of the next SHORTFALL_HORIZON_DAYS that sends more than the cash position projects it
 * will have (lib/cash: today's balance, what is scheduled, the expected share of charges due):
 * one alert per day, resolved by itself once the projection recovers.
 */
export async function shortfallConditions(ctx: ConditionContext, balance: AccountBalance): Promise<Condition[]> {
  const today = brazilDayKey(ctx.now);
  const last = calendar(today, SHORTFALL_HORIZON_DAYS).at(-1)!;
  const [outgoing, incoming] = await Promise.all([outgoingItems(ctx.db, today, last), incomingItems(ctx.db, last)]);
  const { shortfalls } = projectCash({ today, days: SHORTFALL_HORIZON_DAYS, availableCents: balance.availableCents, outgoing, incoming, expectedInPercent: ctx.expectedInPercent ?? 100 });
  return shortfalls.map((s) => ({
    rule: "projected_shortfall" as const,
    key: `projected_shortfall:cash:${s.date}`,
    subject: { type: "cash" as const, id: s.date },
    ownerId: null,
    facts: { day: s.date, missing_cents: s.missing_cents, balance_cents: balance.availableCents },
  }));
}

/** At least N charges unpaid after their due date (lib/charges/aging.ts's rule, the figure on /charges): one alert for them all. */
export async function overdueChargeConditions(ctx: ConditionContext): Promise<Condition[]> {
  const threshold = ctx.config.charges_overdue.threshold ?? 1;
  const { overdue } = await chargeAging(ctx.db, ctx.now);
  if (overdue.count < threshold) return [];
  return [
    {
      rule: "charges_overdue",
      key: "charges_overdue:charges:overdue",
      subject: { type: "charges", id: "overdue" },
      ownerId: null,
      facts: { count: overdue.count, value_cents: overdue.value_cents, ...(overdue.oldest_due_date ? { day: overdue.oldest_due_date } : {}), threshold },
    },
  ];
}

/** Charges paid after a person withdrew them (lib/charges: `attention = 'paid_after_withdrawal'`), paid in the last 30 days. */
export async function chargeConditions(ctx: ConditionContext): Promise<Condition[]> {
  const since = new Date(ctx.now.getTime() - CHARGE_ATTENTION_DAYS * 24 * HOUR);
  const rows = await ctx.db
    .select()
    .from(charges)
    .where(and(eq(charges.attention, "paid_after_withdrawal"), gte(charges.paidAt, since)))
    .limit(MAX_ROWS);
  return rows.map((c) => ({
    rule: "charge_paid_after_withdrawal" as const,
    key: `charge_paid_after_withdrawal:charge:${c.id}`,
    subject: { type: "charge" as const, id: c.id },
    ownerId: null,
    facts: { value_cents: c.paidValueCents ?? c.valueCents, payer_name: c.payerName, external_reference: c.externalReference },
  }));
}
