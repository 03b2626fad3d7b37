import { nextBusinessDay, nonBusinessDay, type NonBusinessDay } from "@/lib/pix/holidays";
import { seriesDays } from "@/lib/transfers/schedule";
import type { PayableBody } from "./to-request-body";

/**
 * What the form and its review say about when a transfer goes out (client-safe, pure): the days
 * it will create (one, or each of a series), and for a day that is no business day, why and the
 * next one.
 */

/** The days the transfer will go out on: [] for now, one day, or every day of its series. */
export function occurrenceDays(payable: Pick<PayableBody, "scheduled_for" | "recurrence">): string[] {
  if (!payable.scheduled_for) return [];
  const r = payable.recurrence;
  if (!r || (r.count === undefined && r.until === undefined)) return [payable.scheduled_for];
  return seriesDays(payable.scheduled_for, r);
}

export type BusinessDayNote = { day: string; why: NonBusinessDay; next: string };

/** A weekend or bank holiday, named, and the next business day; null for a business day. */
export function businessDayNote(day: string): BusinessDayNote | null {
  const why = nonBusinessDay(day);
  return why ? { day, why, next: nextBusinessDay(day) } : null;
}

/** "saturday" or "sunday" for a weekend day (the words are the UI's). */
export function weekdayOf(day: string): "saturday" | "sunday" | null {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? "saturday" : weekday === 0 ? "sunday" : null;
}
