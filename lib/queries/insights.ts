import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { insightsAnswerSchema } from "@/lib/insights/schema";
import { apiGet } from "@/lib/domain/api-client";
import { INSIGHTS_FILTER_KEYS } from "@/lib/insights/options";
// Types only: the browser reads the answer by its members (lib/domain/answer.ts); zod stays on the server.
import type { InsightsQuery } from "@/lib/insights/schema";

const readOverview = answerWith<z.output<typeof insightsAnswerSchema>>({ range: "object", series: "array", totals: "object", statuses: "array" });

/** Drops empty values (stable key order) so equal queries give equal keys and URLs. */
function cleanInsightsQuery(query: InsightsQuery): InsightsQuery {
  const out: Record<string, string> = {};
  const keys = ["from", "to", "group_by", "date_field", ...INSIGHTS_FILTER_KEYS] as const;
  for (const key of keys) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== "") out[key] = value;
  }
  return out as InsightsQuery;
}

function insightsQueryString(query: InsightsQuery): string {
  const text = new URLSearchParams(cleanInsightsQuery(query) as Record<string, string>).toString();
  return text ? `?${text}` : "";
}

/**
 * Query keys and options of the overview. The key holds the query as the URL gives it (an absent
 * range means "the last 30 days", resolved by the server), so the page's server prefetch
 * (which swaps queryFn for a direct aggregator call) and the browser share one key.
 */
export const insightsQueries = {
  all: () => ["insights"] as const,
  overview: (query: InsightsQuery) =>
    queryOptions({
      queryKey: [...insightsQueries.all(), cleanInsightsQuery(query)] as const,
      queryFn: ({ signal }) => apiGet(`/api/insights${insightsQueryString(query)}`, readOverview, { signal }),
      // The server caches answers for 15 s: asking sooner gives the same figures.
      staleTime: 15_000,
    }),
};
