import "@/lib/zod-config";
import { z } from "zod";
import { MAX_LIST_PAGE } from "@/lib/contract/list-rules";

/**
 * The statement's period: whole Brazil days, `start` and `end` both included, as the URL and
 * `GET /api/statement` carry them (YYYY-MM-DD). Client-safe: the page checks with the same rules.
 */

/**
 * The longest period: a year and a day (a leap year's whole calendar year, or the same day a year
 * later). Accountants import a month or a year; a longer one is a typo that would page the
 * provider's lists for minutes.
 */
export const MAX_STATEMENT_DAYS = 366;

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

/** Why a period cannot be asked for (a message key of `statement.errors`), or null. */
export function periodProblem(start: string, end: string): "order" | "tooLong" | null {
  if (end < start) return "order";
  return periodDays(start, end) > MAX_STATEMENT_DAYS ? "tooLong" : null;
}

const day = (message: string) => z.string({ error: message }).trim().refine(isStatementDay, { error: message });

export const STATEMENT_FORMATS = ["ofx", "csv", "xlsx"] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** `?start=YYYY-MM-DD&end=YYYY-MM-DD[&page=N][&format=ofx|csv|xlsx]`. */
export const statementQuerySchema = z
  .object({
    start: day("statement.errors.start"),
    end: day("statement.errors.end"),
    page: z.coerce.number({ error: "statement.errors.page" }).int({ error: "statement.errors.page" }).min(1, { error: "statement.errors.page" }).max(MAX_LIST_PAGE, { error: "statement.errors.page" }).optional(),
    format: z.enum(STATEMENT_FORMATS, { error: "statement.errors.format" }).optional(),
  })
  .superRefine((q, ctx) => {
    const problem = periodProblem(q.start, q.end);
    if (problem) ctx.addIssue({ code: "custom", path: ["end"], message: `statement.errors.${problem}` });
  });
export type StatementQuery = z.output<typeof statementQuerySchema>;

export type StatementPeriod = { start: string; end: string };

/** The period as the provider's payment-date filter (Brazil wall clock, whole days). */
export function paymentDateParams(period: StatementPeriod) {
  return { payment_start_date: `${period.start}T00:00:00`, payment_end_date: `${period.end}T23:59:59` };
}
