/**
 * The overview's query vocabulary as plain values (no zod): the query factory and the URL map
 * run in the browser; `schema.ts` builds the server's zod schema from these same values.
 */
export const GROUP_BY = ["status", "day", "week"] as const;
export type GroupBy = (typeof GROUP_BY)[number];
export const DATE_FIELDS = ["registration", "payment"] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** The list filters an insights query passes through to every list call. */
export const INSIGHTS_FILTER_KEYS = ["receiver_name", "receiver_document", "reference_code", "end_to_end", "status"] as const;
export type InsightsFilterKey = (typeof INSIGHTS_FILTER_KEYS)[number];
export type InsightsFilters = Partial<Record<InsightsFilterKey, string>>;
