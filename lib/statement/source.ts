import "server-only";
import { getCachedBalance, listPayments, listQrcodes } from "@/lib/payments-api";
import type { StatementAnswer, StatementTotals } from "./answer";
import { getDb } from "@/lib/db";
import { chargesOfQrcodes } from "@/lib/charges/statement-links";
import { byDateDescending, movementFromPayment, movementFromQrcode, withChargeLinks, type Movement } from "./movements";
import { paymentDateParams, type StatementPeriod } from "./period-rules";
import { periodBalances } from "./balances";
import { addBrazilDays, brazilInstant, formatListParam } from "@/lib/pix/time";

/**
 * The statement read from the provider's two lists, filtered by payment date: payments out with
 * status `completed`, charges in (QR codes) with status `paid`. Canceled and unpaid items are
 * not movements, so the lists' own filters leave them out. A statement page N is page N of
 * each list (at most 100 out and 100 in), newest first within the page; the totals are each
 * list's `meta` (over the whole period, not the page). Nothing is copied into our store.
 * Our charges are QR codes (or checkouts) of the provider: a paid one is already in its list, so
 * money in is counted there once and each such line is linked to its charge (`charge_id`).
 */
const OUT_STATUS = "completed";
const IN_STATUS = "paid";

type ListPage = { movements: Movement[]; outPages: number; inPages: number; totals: StatementTotals; counts: { in: number; out: number } };

/** Page `page` of both lists, merged. */
export async function readStatementPage(period: StatementPeriod, page: number): Promise<ListPage> {
  const dates = paymentDateParams(period);
  const [out, inn] = await Promise.all([listPayments({ ...dates, status: OUT_STATUS, page }), listQrcodes({ ...dates, status: IN_STATUS, page })]);
  const links = await chargesOfQrcodes(await getDb(), inn.qrcodes.map((q) => q.reference_code));
  const movements = [...out.payments.map(movementFromPayment), ...inn.qrcodes.map(movementFromQrcode)];
  return {
    movements: withChargeLinks(movements, links).sort(byDateDescending),
    outPages: out.meta.total_pages,
    inPages: inn.meta.total_pages,
    totals: { in_cents: inn.meta.total_value_cents, out_cents: out.meta.total_value_cents },
    counts: { in: inn.meta.total_items_amount, out: out.meta.total_items_amount },
  };
}

/**
 * What moved from the day after the period until `until` (when the balance was read): the two
 * lists' totals only (page 1 carries them). Nothing when the period has not ended yet.
 */
async function totalsSinceEnd(period: StatementPeriod, until: Date): Promise<StatementTotals> {
  const lastDay = brazilInstant(period.end);
  const from = lastDay ? addBrazilDays(lastDay, 1) : null;
  if (!from || from.getTime() > until.getTime()) return { in_cents: 0, out_cents: 0 };
  const dates = { payment_start_date: formatListParam(from), payment_end_date: formatListParam(until) };
  const [out, inn] = await Promise.all([listPayments({ ...dates, status: OUT_STATUS, page: 1 }), listQrcodes({ ...dates, status: IN_STATUS, page: 1 })]);
  return { in_cents: inn.meta.total_value_cents, out_cents: out.meta.total_value_cents };
}

/**
 * The JSON of `GET /api/statement`: one page of movements, the period's totals, the balance now,
 * and the balances at the period's edges worked back from it (./balances.ts).
 */
export async function getStatement(period: StatementPeriod, page = 1): Promise<StatementAnswer> {
  const [read, balance] = await Promise.all([readStatementPage(period, page), getCachedBalance()]);
  const since = await totalsSinceEnd(period, new Date(balance.checkedAt));
  return {
    period,
    movements: read.movements,
    totals: read.totals,
    counts: read.counts,
    balance: { available_cents: balance.availableCents, blocked_cents: balance.blockedCents, total_cents: balance.totalCents, checked_at: balance.checkedAt },
    balances: periodBalances(balance.totalCents, read.totals, since),
    meta: { page, total_pages: Math.max(read.outPages, read.inPages) },
  };
}

/**
 * Every page of the period for an export: the first read before the answer starts (its failure is
 * still a JSON error), then page 2.. of each list while it has pages. Memory holds one page pair.
 */
export async function statementPages(period: StatementPeriod): Promise<{ first: ListPage; next: () => Promise<Movement[] | null> }> {
  const first = await readStatementPage(period, 1);
  const pages = Math.max(first.outPages, first.inPages);
  let page = 0;
  return {
    first,
    next: async () => {
      page += 1;
      if (page === 1) return first.movements;
      if (page > pages) return null;
      return (await readStatementPage(period, page)).movements;
    },
  };
}
