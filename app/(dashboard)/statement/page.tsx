import { HydrationBoundary, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StatementView } from "@/components/statement/statement-view";
import { requirePageUser } from "@/lib/auth/guard";
import { getQueryClient } from "@/lib/queries/query-client";
import { statementQueries } from "@/lib/queries/statement";
import { loadStatementSearchParams, statementPeriodOf } from "@/lib/search-params/statement";
import { getStatement } from "@/lib/statement/source";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("statement"))("title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /statement (viewers and up): the account's Pix movements of a period, with its totals, the balance and its files. */
export default async function StatementPage({ searchParams }: Props) {
  const raw = await searchParams;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === "string") search.set(k, v);
  await requirePageUser("viewPayments", `/statement${search.size ? `?${search}` : ""}`);
  const values = loadStatementSearchParams(raw);
  const period = statementPeriodOf(values, new Date());
  const t = await getTranslations("statement");

  // The client's own query (same key), answered here directly. A failure is not dehydrated: the
  // browser asks again and shows the reason with Retry.
  const queryClient = getQueryClient();
  await queryClient.prefetchQuery({ ...statementQueries.page(period, values.page), queryFn: () => getStatement(period, values.page) });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-xl font-semibold text-fg">{t("title")}</h1>
        <p className="text-sm text-fg-muted">{t("intro")}</p>
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <StatementView />
      </HydrationBoundary>
    </div>
  );
}
