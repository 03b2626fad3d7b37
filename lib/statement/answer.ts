import type { Movement } from "./movements";
import type { StatementPeriod } from "./period-rules";

/** The period's sums of each list's `meta` (whole period, not one page), in cents. */
export type StatementTotals = { in_cents: number; out_cents: number };

/** The JSON of `GET /api/statement`. Client-safe: the page reads it by its members. */
export type StatementAnswer = {
  period: StatementPeriod;
  /** One page: page N of the payments out and of the charges in, newest first. */
  movements: Movement[];
  totals: StatementTotals;
  counts: { in: number; out: number };
  /** The account's balance now (not at the period's end: the provider has no balance history). */
  balance: { available_cents: number; blocked_cents: number; total_cents: number; checked_at: string };
  meta: { page: number; total_pages: number };
};
