/**
 * Time buckets of the overview, in Brazil calendar days (America/Sao_Paulo). Pure.
 *
 * The provider reads list date parameters (`YYYY-mm-ddTHH:MM:ss`, no offset) in Brazil time, so a
 * Brazil day D is exactly the list range [D T00:00:00, D T23:59:59]: bucket bounds are calendar
 * arithmetic on day strings and never pass through the machine's time zone. Converting a bound to
 * an instant (the offset: -03:00 today, -02:00 in the summers before 2019) is `parseListParam`'s job.
 *
 * Buckets tile the range with no gap and no overlap, so the sum over buckets equals one list query
 * over the whole range. Weeks start on Monday (ISO 8601); the first and last weeks are clipped to
 * the range so that a drill-down into a week never counts days outside the chosen range.
 */

type TimeGrouping = "day" | "week";

export type Bucket = {
  /** The bucket's first day, YYYY-MM-DD (for weeks: the Monday, or the range start when clipped). */
  key: string;
  /** List-param format, inclusive: `YYYY-MM-DDT00:00:00` of the first day. */
  start: string;
  /** List-param format, inclusive: `YYYY-MM-DDT23:59:59` of the last day. */
  end: string;
  /** Days covered (1 for a day; 1..7 for a week, fewer when clipped by the range). */
  days: number;
};

export const INSIGHTS_LIMITS = {
  /** Daily buckets beyond this are refused: about three months, 5 provider calls per day. */
  maxDailyBuckets: 93,
  /** Weekly buckets beyond this are refused: about a year. */
  maxWeeklyBuckets: 54,
  /** Any grouping (by status too): at most about two years in one answer. */
  maxRangeDays: 731,
} as const;

/** What is wrong with a range, for the caller's language (messages "overview.rangeErrors"). */
type BucketRangeCode = "notADay" | "reversed" | "tooLong" | "tooManyDays" | "tooManyWeeks";

/**
 * Why a range cannot be answered, with the query field to blame: `code` and `values` say it
 * in the caller's language, the English `message` goes to the server log.
 */
export class BucketRangeError extends Error {
  readonly field: "from" | "to" | "group_by";
  readonly code: BucketRangeCode;
  readonly values: Record<string, string | number>;
  constructor(message: string, field: "from" | "to" | "group_by", code: BucketRangeCode, values: Record<string, string | number> = {}) {
    super(message);
    this.name = "BucketRangeError";
    this.field = field;
    this.code = code;
    this.values = values;
  }
}

/**
 * Not `instanceof`: the aggregator lives on globalThis and may have been created by another Next
 * bundle (the page's prefetch) whose copy of this class is a different object.
 */
export function isBucketRangeError(err: unknown): err is BucketRangeError {
  return err instanceof Error && err.name === "BucketRangeError" && "field" in err;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
}

/** Day number since the epoch of a calendar day (UTC arithmetic only: no zone, no DST). */
function dayNumber(day: string): number {
  if (!isCalendarDay(day)) throw new BucketRangeError(`${day} is not a date (YYYY-MM-DD)`, "from", "notADay", { value: day });
  return Math.round(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY);
}

function dayFromNumber(n: number): string {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The calendar day `n` days after `day` (negative goes back); crosses months and years. */
export function addCalendarDays(day: string, n: number): string {
  return dayFromNumber(dayNumber(day) + n);
}

/** Days from `from` to `to`, both included (1 when equal). */
export function countDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The Monday on or before `day`. */
export function mondayOf(day: string): string {
  const n = dayNumber(day);
  // 1970-01-01 (day 0) was a Thursday: Monday-based weekday = (n + 3) mod 7.
  const weekday = (((n + 3) % 7) + 7) % 7;
  return dayFromNumber(n - weekday);
}

/** The inclusive list-param bounds of the Brazil days from..to. */
function dayRangeBounds(from: string, to: string): { start: string; end: string } {
  return { start: `${from}T00:00:00`, end: `${to}T23:59:59` };
}

/** Checks a from..to range and returns its length in days, or throws a BucketRangeError. */
function checkRange(from: string, to: string): number {
  if (!isCalendarDay(from)) throw new BucketRangeError(`"${from}" is not a date (YYYY-MM-DD)`, "from", "notADay", { value: from });
  if (!isCalendarDay(to)) throw new BucketRangeError(`"${to}" is not a date (YYYY-MM-DD)`, "to", "notADay", { value: to });
  const days = countDays(from, to);
  if (days < 1) throw new BucketRangeError(`The range starts (${from}) after it ends (${to})`, "to", "reversed", { from, to });
  if (days > INSIGHTS_LIMITS.maxRangeDays) {
    throw new BucketRangeError(
      `The range has ${days} days; at most ${INSIGHTS_LIMITS.maxRangeDays} days can be shown at once`,
      "to",
      "tooLong",
      { days, max: INSIGHTS_LIMITS.maxRangeDays },
    );
  }
  return days;
}

/** How many buckets a grouping would need over from..to, without building them. */
export function countBuckets(from: string, to: string, grouping: TimeGrouping): number {
  const days = countDays(from, to);
  if (grouping === "day") return days;
  return (dayNumber(mondayOf(to)) - dayNumber(mondayOf(from))) / 7 + 1;
}

/**
 * The buckets that tile from..to (Brazil days, both included), oldest first.
 * Refuses more than 93 daily buckets (suggesting weekly) and more than 54 weekly ones.
 */
export function makeBuckets(from: string, to: string, grouping: TimeGrouping): Bucket[] {
  const days = checkRange(from, to);
  const count = countBuckets(from, to, grouping);
  if (grouping === "day" && count > INSIGHTS_LIMITS.maxDailyBuckets) {
    throw new BucketRangeError(
      `${days} days is too long to show by day (at most ${INSIGHTS_LIMITS.maxDailyBuckets} daily buckets): group by week or choose a shorter range`,
      "group_by",
      "tooManyDays",
      { days, max: INSIGHTS_LIMITS.maxDailyBuckets },
    );
  }
  if (grouping === "week" && count > INSIGHTS_LIMITS.maxWeeklyBuckets) {
    throw new BucketRangeError(
      `${count} weeks is too long to show by week (at most ${INSIGHTS_LIMITS.maxWeeklyBuckets} weekly buckets): choose a shorter range`,
      "group_by",
      "tooManyWeeks",
      { weeks: count, max: INSIGHTS_LIMITS.maxWeeklyBuckets },
    );
  }
  const last = dayNumber(to);
  const buckets: Bucket[] = [];
  let cursor = dayNumber(from);
  while (cursor <= last) {
    const periodEnd = grouping === "day" ? cursor : dayNumber(mondayOf(dayFromNumber(cursor))) + 6;
    const endN = Math.min(periodEnd, last);
    const first = dayFromNumber(cursor);
    const lastDay = dayFromNumber(endN);
    buckets.push({ key: first, ...dayRangeBounds(first, lastDay), days: endN - cursor + 1 });
    cursor = endN + 1;
  }
  return buckets;
}

/** The whole range as one bucket (the "by status" grouping and the totals). */
export function wholeRangeBucket(from: string, to: string): Bucket {
  const days = checkRange(from, to);
  return { key: from, ...dayRangeBounds(from, to), days };
}
