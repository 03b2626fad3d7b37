import { createLoader, createParser, createSerializer, parseAsStringLiteral, type inferParserType } from "nuqs/server";
import { countDays, INSIGHTS_LIMITS, isCalendarDay } from "./buckets";
import { LIST_TEXT_RULES, checkTextRule } from "@/lib/contract/list-rules";
import { DATE_FIELDS, INSIGHTS_FILTER_KEYS, type GroupBy, type InsightsFilterKey } from "./options";
import type { InsightsQuery } from "./schema";

/**
 * The one URL-state parser map of the overview (`/`). Keys are /api/insights' own parameter
 * names, so the page URL is the insights query: `/?from=2026-11-01&to=2026-11-22&group_by=week`.
 * No range in the URL = the last 30 days (resolved at request time, in Brazil). Invalid values
 * parse to null and are ignored. Shared by the server page loader and `useQueryStates`.
 */
const parseAsBrazilDay = createParser({
  parse: (raw: string): string | null => (isCalendarDay(raw.trim()) ? raw.trim() : null),
  serialize: (value: string) => value,
});

/** A list filter, checked with the list's own rules (the server's schema is built from them). */
function parseAsFilter(key: InsightsFilterKey) {
  return createParser({
    parse: (raw: string): string | null => {
      const value = raw.trim();
      return value !== "" && checkTextRule(LIST_TEXT_RULES[key], value) === null ? value : null;
    },
    serialize: (value: string) => value,
  });
}

/** The time groupings the page offers (status is always shown beside them). */
const TIME_GROUPINGS = ["day", "week"] as const;

export const overviewSearchParams = {
  from: parseAsBrazilDay,
  to: parseAsBrazilDay,
  group_by: parseAsStringLiteral(TIME_GROUPINGS).withDefault("day"),
  date_field: parseAsStringLiteral(DATE_FIELDS).withDefault("registration"),
  status: parseAsFilter("status"),
  receiver_name: parseAsFilter("receiver_name"),
  receiver_document: parseAsFilter("receiver_document"),
  reference_code: parseAsFilter("reference_code"),
  end_to_end: parseAsFilter("end_to_end"),
};

type OverviewSearchValues = inferParserType<typeof overviewSearchParams>;

export const loadOverviewSearchParams = createLoader(overviewSearchParams);
export const serializeOverviewSearchParams = createSerializer(overviewSearchParams, { clearOnDefault: true });

/** Why a range from the URL cannot be shown; the page words it (messages "overview.urlRange"). */
type UrlRangeProblem =
  | { code: "missingTo"; from: string }
  | { code: "missingFrom"; to: string }
  | { code: "reversed"; from: string; to: string }
  | { code: "tooLong"; from: string; to: string; max: number };

/**
 * Why the URL's from..to cannot be shown (one end missing, reversed, longer than the overview
 * answers), or null when it can (or when no range was given: the default range applies).
 */
export function rangeProblem(values: Pick<OverviewSearchValues, "from" | "to">): UrlRangeProblem | null {
  const { from, to } = values;
  if (!from && !to) return null;
  if (!to) return { code: "missingTo", from: from! };
  if (!from) return { code: "missingFrom", to };
  if (from > to) return { code: "reversed", from, to };
  if (countDays(from, to) > INSIGHTS_LIMITS.maxRangeDays) return { code: "tooLong", from, to, max: INSIGHTS_LIMITS.maxRangeDays };
  return null;
}

/**
 * The insights query of one of the page's two charts. A range the overview cannot show (see
 * rangeProblem) is left out, so the default range applies, rather than sent to be refused.
 */
export function toInsightsQuery(values: OverviewSearchValues, groupBy: GroupBy): InsightsQuery {
  const query: InsightsQuery = { group_by: groupBy, date_field: values.date_field };
  if (values.from && values.to && rangeProblem(values) === null) {
    query.from = values.from;
    query.to = values.to;
  }
  for (const key of INSIGHTS_FILTER_KEYS) {
    const value = values[key];
    if (value) query[key] = value;
  }
  return query;
}
