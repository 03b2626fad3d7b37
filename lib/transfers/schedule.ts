import "@/lib/zod-config";
import { z } from "zod";
import { addBrazilDays, brazilDayKey, brazilInstant } from "@/lib/pix/time";

/**
 * Payables: a transfer may go out on a later date ("Pix Agendado"), once or as a weekly or
 * monthly series. Client-safe rules shared by the form and the server: which dates may be
 * chosen, the dates of a series, and the instant a date's transfers go out.
 */

/** A transfer may be scheduled from today up to this many days ahead. */
export const SCHEDULE_MAX_DAYS = 365;
/** The most occurrences one series creates at once. */
export const SERIES_MAX_OCCURRENCES = 60;

export const RECURRENCE_EVERY = ["week", "month"] as const;
export type RecurrenceEvery = (typeof RECURRENCE_EVERY)[number];
export type Recurrence = { every: RecurrenceEvery; count?: number; until?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a day cannot be chosen, as a `validation.schedule.*` key, or null. */
export function scheduleDayProblem(day: string, now: Date): string | null {
  if (!DAY.test(day) || !brazilInstant(day)) return "validation.schedule.notADay";
  const today = brazilDayKey(now);
  if (day < today) return "validation.schedule.past";
  if (day > brazilDayKey(addBrazilDays(now, SCHEDULE_MAX_DAYS))) return "validation.schedule.tooFar";
  return null;
}

/**
 * The days of a series from its first one: every 7 days, or the same day of each month (a month
 * without that day uses its last day: 31 January -> 28 February -> 31 March). Stops at `count`
 * days or after `until`, and never past SCHEDULE_MAX_DAYS from the first day or
 * SERIES_MAX_OCCURRENCES days.
 */
export function seriesDays(first: string, r: Recurrence): string[] {
  const [y, m, d] = first.split("-").map(Number) as [number, number, number];
  const limit = Math.min(r.count ?? SERIES_MAX_OCCURRENCES, SERIES_MAX_OCCURRENCES);
  const last = new Date(Date.UTC(y, m - 1, d) + SCHEDULE_MAX_DAYS * 86_400_000).toISOString().slice(0, 10);
  const days: string[] = [];
  for (let i = 0; days.length < limit; i++) {
    const date =
      r.every === "week"
        ? new Date(Date.UTC(y, m - 1, d + 7 * i))
        : new Date(Date.UTC(y, m - 1 + i, Math.min(d, daysInMonth(y, m - 1 + i))));
    const day = date.toISOString().slice(0, 10);
    if ((r.until && day > r.until) || day > last) break;
    days.push(day);
  }
  return days;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** When a transfer scheduled for `day` goes out: SCHEDULE_SEND_TIME ("08:00") Brazil time of that day. */
export function sendInstant(day: string, sendTime: string): Date {
  const at = brazilInstant(day, sendTime);
  if (!at) throw new Error(`not a day and time: ${day} ${sendTime}`);
  return at;
}

/** The schedule fields of POST /api/transfers (beside the transfer itself). */
export const scheduleInputSchema = z.object({
  scheduled_for: z.string({ error: "validation.schedule.notADay" }).regex(DAY, "validation.schedule.notADay").optional(),
  recurrence: z
    .object({
      every: z.enum(RECURRENCE_EVERY, { error: "validation.schedule.every" }),
      count: z.number().int("validation.schedule.count").min(2, "validation.schedule.count").max(SERIES_MAX_OCCURRENCES, "validation.schedule.count").optional(),
      until: z.string().regex(DAY, "validation.schedule.notADay").optional(),
    })
    .strict()
    .refine((r) => r.count !== undefined || r.until !== undefined, { message: "validation.schedule.countOrUntil", path: ["count"] })
    .optional(),
});
