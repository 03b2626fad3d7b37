import { nonBusinessDay } from "@/lib/pix/holidays";

/**
 * The cash position, day by day (pure, client-safe): today's available balance at the provider,
 * what is set to go out and what is expected in, projected over the next days.
 *
 * - Day 1 is today in Brazil and opens at the available balance; each day closes at
 *   `opening - out + in` and the next opens at that close.
 * - Out: transfers that will go (approved, scheduled, a batch's approved rows) on the day they go;
 *   anything dated before today goes today. What still awaits approval is `out_pending_cents`,
 *   apart: it may be rejected, so it does not move the close.
 * - In: charges awaiting payment, on their due day (an overdue one still counts today: it may be
 *   paid late). Only `expectedInPercent` of it counts; the rest is `in_at_risk_cents`.
 * - A shortfall is a day that sends money and closes below zero: `missing_cents` is what must be
 *   in the account by that day for everything scheduled up to it to go.
 *
 * Pix works every day, so weekends and bank holidays are days like the others: they are only
 * named (`non_business`) so a person reading the table knows why a payer may be slower.
 */
export type CashItem = {
  /** The Brazil day it moves (yyyy-mm-dd). */
  date: string;
  value_cents: number;
  kind: "transfer" | "series" | "batch" | "charge";
  id: string;
  /** Its transfer (for a series' occurrence, a batch's row) or charge: what a link opens. */
  href: string;
  label: string;
  /** Out only: still awaiting approval (shown apart, not in the close). */
  pending?: boolean;
};

export type CashDay = {
  date: string;
  non_business: string | null;
  opening_cents: number;
  out_cents: number;
  out_pending_cents: number;
  in_cents: number;
  in_at_risk_cents: number;
  closing_cents: number;
  items_out: CashItem[];
  items_in: CashItem[];
};

export type CashProjection = { days: CashDay[]; shortfalls: Array<{ date: string; missing_cents: number }> };

export type ProjectionInput = {
  today: string;
  days: number;
  availableCents: number;
  outgoing: readonly CashItem[];
  incoming: readonly CashItem[];
  /** 0-100: the share of what is due that is expected to arrive on its day. */
  expectedInPercent: number;
};

export function projectCash(input: ProjectionInput): CashProjection {
  const dates = calendar(input.today, input.days);
  const last = dates.at(-1)!;
  const onDay = (date: string) => (date < input.today ? input.today : date);
  const byDay = <T extends CashItem>(items: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const item of items) {
      const day = onDay(item.date);
      if (day > last) continue;
      map.set(day, [...(map.get(day) ?? []), item]);
    }
    return map;
  };
  const outs = byDay(input.outgoing);
  const ins = byDay(input.incoming);
  const days: CashDay[] = [];
  let opening = input.availableCents;
  for (const date of dates) {
    const itemsOut = outs.get(date) ?? [];
    const itemsIn = ins.get(date) ?? [];
    const out = sum(itemsOut.filter((i) => !i.pending));
    const due = sum(itemsIn);
    // Whole cents, rounded down: the expected share is never more than was asked.
    const expected = Math.floor((due * input.expectedInPercent) / 100);
    const closing = opening - out + expected;
    const why = nonBusinessDay(date);
    days.push({
      date,
      non_business: why ? (why.kind === "holiday" ? why.name : why.kind) : null,
      opening_cents: opening,
      out_cents: out,
      out_pending_cents: sum(itemsOut.filter((i) => i.pending)),
      in_cents: expected,
      in_at_risk_cents: due - expected,
      closing_cents: closing,
      items_out: itemsOut,
      items_in: itemsIn,
    });
    opening = closing;
  }
  const shortfalls = days.filter((d) => d.out_cents > 0 && d.closing_cents < 0).map((d) => ({ date: d.date, missing_cents: -d.closing_cents }));
  return { days, shortfalls };
}

const sum = (items: readonly CashItem[]) => items.reduce((total, i) => total + i.value_cents, 0);

/** `count` consecutive Brazil days from `today` (calendar arithmetic on the day key: no time zone involved). */
export function calendar(today: string, count: number): string[] {
  const start = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}
