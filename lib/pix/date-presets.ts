import { brazilWallClock } from "./time";

/** Quick ranges for date filters, in the order a menu shows them (worded by `table.presets`). */
export const DATE_PRESETS = ["today", "yesterday", "last7", "last30", "thisMonth", "lastMonth"] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export function isDatePreset(value: unknown): value is DatePreset {
  return typeof value === "string" && (DATE_PRESETS as readonly string[]).includes(value);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Calendar arithmetic on a Brazil day: `YYYY-MM-DD` of year/month/day + `offset` days. */
function dayKey(year: number, month: number, day: number): string {
  const c = new Date(Date.UTC(year, month - 1, day));
  return `${pad(c.getUTCFullYear(), 4)}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())}`;
}

/**
 * A preset as list parameters (`YYYY-mm-ddTHH:MM:ss`, Brazil time): start at 00:00:00 of the
 * first day, end at 23:59:59 of the last. "last7" and "last30" include today; "thisMonth"
 * runs from the 1st to today; "lastMonth" is the whole previous calendar month.
 */
export function resolveDatePreset(preset: DatePreset, now: Date): { start: string; end: string } {
  const { year, month, day } = brazilWallClock(now);
  const today = dayKey(year, month, day);
  const range = (first: string, last: string) => ({ start: `${first}T00:00:00`, end: `${last}T23:59:59` });
  switch (preset) {
    case "today":
      return range(today, today);
    case "yesterday": {
      const yesterday = dayKey(year, month, day - 1);
      return range(yesterday, yesterday);
    }
    case "last7":
      return range(dayKey(year, month, day - 6), today);
    case "last30":
      return range(dayKey(year, month, day - 29), today);
    case "thisMonth":
      return range(dayKey(year, month, 1), today);
    case "lastMonth":
      // Day 0 of this month is the last day of the previous one.
      return range(dayKey(year, month - 1, 1), dayKey(year, month, 0));
  }
}
