import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Overview } from "@/components/insights/overview";
import { requirePageUser } from "@/lib/auth/guard";
import { resolveInsightsQuery } from "@/lib/insights/query";
import { loadOverviewSearchParams, toInsightsQuery } from "@/lib/insights/search-params";
import { getInsights } from "@/lib/insights/server";
import { brazilDayKey } from "@/lib/pix/time";
import { insightsQueries } from "@/lib/queries/insights";
import { getQueryClient } from "@/lib/queries/query-client";

export const metadata: Metadata = { title: "Overview" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: Props) {
  const raw = await searchParams;
  await requirePageUser("viewPayments", `/${queryString(raw)}`);
  const values = loadOverviewSearchParams(raw);
  const today = brazilDayKey(new Date());

  // The client's two queries (same keys from the same factory), answered here by the aggregator
  // directly. A failure (or a refused range) is not dehydrated: the browser asks again and shows
  // the reason with Retry.
  const queryClient = getQueryClient();
  await Promise.all(
    (["status", values.group_by] as const).map((groupBy) => {
      const query = toInsightsQuery(values, groupBy);
      return queryClient.prefetchQuery({
        ...insightsQueries.overview(query),
        queryFn: () => getInsights(resolveInsightsQuery(query, today)),
      });
    }),
  );

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <Overview />
    </HydrationBoundary>
  );
}

/** The page's own address, so that signing in comes back to this very view. */
function queryString(raw: Record<string, string | string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(key, item);
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
