import type { ListPaymentsParams } from "@/lib/contract/list";
import { addCalendarDays } from "./buckets";
import { INSIGHTS_FILTER_KEYS, type DateField, type GroupBy, type InsightsFilters } from "./options";
import type { InsightsQuery } from "./schema";

/** The default overview: the last 30 Brazil days, today included. */
const DEFAULT_RANGE_DAYS = 30;

/** An insights query with its defaults applied: what the aggregator computes and caches. */
export type ResolvedInsightsQuery = {
  from: string;
  to: string;
  group_by: GroupBy;
  date_field: DateField;
  filters: InsightsFilters;
};

/** The default range ending `today` (a Brazil day, YYYY-MM-DD). */
export function defaultRange(today: string): { from: string; to: string } {
  return { from: addCalendarDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** Applies the defaults; `today` is the Brazil day of "now" (lib/pix decides it, not the host zone). */
export function resolveInsightsQuery(query: InsightsQuery, today: string): ResolvedInsightsQuery {
  const range = query.from && query.to ? { from: query.from, to: query.to } : defaultRange(today);
  const filters: InsightsFilters = {};
  for (const key of INSIGHTS_FILTER_KEYS) {
    const value = query[key]?.trim();
    if (value) filters[key] = value;
  }
  return {
    ...range,
    group_by: query.group_by ?? "day",
    date_field: query.date_field ?? "registration",
    filters,
  };
}

/** One canonical text per query (stable key order): the cache key of an answer. */
export function insightsCacheKey(q: ResolvedInsightsQuery): string {
  const filters = INSIGHTS_FILTER_KEYS.map((k) => [k, q.filters[k] ?? ""]);
  return JSON.stringify([q.from, q.to, q.group_by, q.date_field, filters]);
}

/**
 * The list query behind one figure: the filters, the status (when the figure is per status) and
 * the bucket's inclusive bounds on the chosen date field. The aggregator asks the provider with
 * it and the drill-down link opens the table with it, so both show the same totals.
 */
export function listParamsFor(
  dateField: DateField,
  filters: InsightsFilters,
  bounds: { start: string; end: string },
  status?: string,
): ListPaymentsParams {
  const params: ListPaymentsParams = {};
  for (const key of INSIGHTS_FILTER_KEYS) {
    const value = filters[key];
    if (value) params[key] = value;
  }
  if (status) params.status = status;
  if (dateField === "registration") {
    params.registration_start_date = bounds.start;
    params.registration_end_date = bounds.end;
  } else {
    params.payment_start_date = bounds.start;
    params.payment_end_date = bounds.end;
  }
  return params;
}

/** Canonical text of list params (sorted keys): the cache key of one provider call. */
export function listCallKey(params: ListPaymentsParams): string {
  const entries = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}
