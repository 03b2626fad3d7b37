/**
 * The statement's period as rules kept as data (no zod: the /statement page checks with them in
 * the browser, the route's schema in period.ts applies the same). Whole Brazil days, `start` and
 * `end` both included, written YYYY-MM-DD.
 */

/**
 * The longest period: a year and a day (a leap year's whole calendar year, or the same day a year
 * later). Accountants import a month or a year; a longer one is a typo that would page the
 * provider's lists for minutes.
 */
export const MAX_STATEMENT_DAYS = 366;

export const STATEMENT_FORMATS = ["ofx", "csv", "xlsx"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export type StatementPeriod = { start: string; end: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** True when YYYY-MM-DD is a day of the calendar (not 2026-02-30) within the years people type. */
export function isStatementDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1900 && y <= 2099 && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days from start to end, both included (2026-11-01..2026-11-30 is 30). */
export function periodDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Why a period of two real days cannot be asked for (a message key of `statement.errors`), or null. */
export function periodProblem(start: string, end: string): "order" | "tooLong" | null {
  if (end < start) return "order";
  return periodDays(start, end) > MAX_STATEMENT_DAYS ? "tooLong" : null;
}

/** The period as the provider's payment-date filter (Brazil wall clock, whole days). */
export function paymentDateParams(period: StatementPeriod) {
  return { payment_start_date: `${period.start}T00:00:00`, payment_end_date: `${period.end}T23:59:59` };
}
