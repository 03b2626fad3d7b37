import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BalanceBadge } from "@/components/balance/balance-badge";
import { ClientMessages } from "@/components/layout/client-messages";
import { Overview } from "@/components/insights/overview";
import { Notice } from "@/components/ui/notice";
import { requirePageUser } from "@/lib/auth/guard";
import { can } from "@/lib/auth/roles";
import { resolveInsightsQuery } from "@/lib/insights/query";
import { loadOverviewSearchParams, overviewSearchParams, rangeProblem, toInsightsQuery } from "@/lib/insights/search-params";
import { getInsights } from "@/lib/insights/server";
import { ignoredUrlValues } from "@/lib/search-params/ignored";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { brazilDayKey } from "@/lib/pix/time";
import { insightsQueries } from "@/lib/queries/insights";
import { getQueryClient } from "@/lib/queries/query-client";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("overview");
  return { title: t("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function OverviewPage({ searchParams }: Props) {
  const raw = await searchParams;
  const user = await requirePageUser("viewPayments", `/${queryString(raw)}`);
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

  const t = await getTranslations("overview");
  const ignored = ignoredUrlValues(raw, overviewSearchParams, values);
  const range = rangeProblem(values);
  if (range) {
    const days = { from: "from" in range ? formatBrazilDay(range.from) : "", to: "to" in range ? formatBrazilDay(range.to) : "" };
    ignored.push(t(`urlRange.${range.code}`, { ...days, max: "max" in range ? String(range.max) : "" }));
  }
  return (
    <ClientMessages scope="overview">
      <HydrationBoundary state={dehydrate(queryClient)}>
        {ignored.length ? <Notice className="mb-4">{t("ignored", { values: ignored.join(", ") })}</Notice> : null}
        <Overview aside={can(user.role, "viewTransfers") ? <BalanceBadge size="md" /> : undefined} />
      </HydrationBoundary>
    </ClientMessages>
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
