import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { Overview } from "@/components/insights/overview";
import { Notice } from "@/components/ui/notice";
import { requirePageUser } from "@/lib/auth/guard";
import { resolveInsightsQuery } from "@/lib/insights/query";
import { loadOverviewSearchParams, overviewSearchParams, rangeProblem, toInsightsQuery, type OverviewSearchValues } from "@/lib/insights/search-params";
import { getInsights } from "@/lib/insights/server";
import { ignoredUrlValues } from "@/lib/search-params/ignored";
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

  const ignored = ignoredParams(raw, values);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {ignored.length ? (
        <Notice className="mb-4">
          Ignored from the address because they are not valid: {ignored.join(", ")}. Showing the defaults instead.
        </Notice>
      ) : null}
      <Overview />
    </HydrationBoundary>
  );
}

/** URL values the parser map refused (or a range it cannot show), named so the user knows why. */
function ignoredParams(raw: Record<string, string | string[] | undefined>, values: OverviewSearchValues): string[] {
  const ignored = ignoredUrlValues(raw, overviewSearchParams, values);
  const range = rangeProblem(values);
  if (range) ignored.push(range);
  return ignored;
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
