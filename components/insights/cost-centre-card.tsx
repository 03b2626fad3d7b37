"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBRL } from "@/lib/pix/money";
import { costCentreQueries } from "@/lib/queries/cost-centres";
import { cn } from "@/lib/utils";

/**
 * What was paid per cost centre in the overview's period (PAID transfers, by payment day), as a
 * small table whose bars show each centre's share of the largest: the figures are the text, the
 * bars only help the eye. Transfers naming no centre come last.
 */
export function CostCentreCard({ range, rangeText }: { range: { from: string; to: string }; rangeText: string }) {
  const t = useTranslations("costCentres.paid");
  const query = useQuery({ ...costCentreQueries.paidTotals(range.from, range.to), placeholderData: keepPreviousData });
  const rows = query.data?.totals ?? [];
  const largest = Math.max(1, ...rows.map((r) => r.total_cents));
  return (
    <Card data-testid="cost-centre-card">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : query.isError && !query.data ? (
          <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-fg-muted" role="status">
            {t("empty")}
          </p>
        ) : (
          <table className={cn("w-full border-collapse text-sm transition-opacity", query.isPlaceholderData && "opacity-60")}>
            <caption className="sr-only">{t("caption", { range: rangeText })}</caption>
            <thead className="text-left text-xs font-medium uppercase tracking-wide text-fg-muted">
              <tr className="border-b border-border">
                <th scope="col" className="py-1.5 pr-3">{t("centre")}</th>
                <th scope="col" className="py-1.5 pr-3 text-right">{t("count")}</th>
                <th scope="col" className="py-1.5 text-right">{t("total")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.cost_centre?.id ?? "none"} className="border-b border-border last:border-0" data-cost-centre={r.cost_centre?.code ?? ""}>
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    <span className={cn("block", r.cost_centre ? "text-fg" : "text-fg-muted")}>
                      {r.cost_centre ? (
                        <>
                          <span className="font-mono font-semibold">{r.cost_centre.code}</span> {r.cost_centre.name}
                        </>
                      ) : (
                        t("none")
                      )}
                    </span>
                    <span aria-hidden className="mt-1 block h-1.5 rounded-full bg-brand-600/70" style={{ width: `${Math.max(2, (r.total_cents / largest) * 100)}%` }} />
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums text-fg-muted">{r.count}</td>
                  <td className="whitespace-nowrap py-2 text-right font-medium tabular-nums">{formatBRL(r.total_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardBody>
    </Card>
  );
}
