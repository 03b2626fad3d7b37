"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDocument } from "@/lib/pix/document";
import { formatBRL } from "@/lib/pix/money";
import { chargeQueries } from "@/lib/queries/charges";
import { cn } from "@/lib/utils";
import { dayLabel } from "./chart-data";

/**
 * Money in over the overview's period: charges paid, by the Brazil day each was paid, with the
 * largest payers. The payments charts above count money out (the provider's payments list); this
 * card is the only place money in is counted, so nothing is counted twice.
 */
export function MoneyInCard({ range, rangeText }: { range: { from: string; to: string }; rangeText: string }) {
  const t = useTranslations("overview.moneyIn");
  const query = useQuery({ ...chargeQueries.received(range.from, range.to), placeholderData: keepPreviousData });
  const received = query.data?.received;
  const list = `/charges?${new URLSearchParams({ paid_from: range.from, paid_to: range.to })}`;
  return (
    <Card data-testid="money-in-card">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : query.isError && !received ? (
          <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : !received || received.total.count === 0 ? (
          <p className="py-6 text-center text-sm text-fg-muted" role="status">
            {t("empty", { range: rangeText })}
          </p>
        ) : (
          <div className={cn("space-y-3 transition-opacity", query.isPlaceholderData && "opacity-60")}>
            <p className="text-sm text-fg-muted">
              <span className="block text-2xl font-semibold tabular-nums text-emerald-700 dark:text-emerald-400" data-testid="money-in-total">
                {formatBRL(received.total.value_cents)}
              </span>
              {t("count", { count: received.total.count })} · {rangeText}
            </p>
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t("payersCaption", { range: rangeText })}</caption>
              <thead className="text-left text-xs font-medium uppercase tracking-wide text-fg-muted">
                <tr className="border-b border-border">
                  <th scope="col" className="py-1.5 pr-3">{t("payer")}</th>
                  <th scope="col" className="py-1.5 pr-3 text-right">{t("charges")}</th>
                  <th scope="col" className="py-1.5 text-right">{t("received")}</th>
                </tr>
              </thead>
              <tbody>
                {received.top_payers.map((p) => (
                  <tr key={p.document} className="border-b border-border last:border-0">
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      <span className="block text-fg [overflow-wrap:anywhere]">{p.name}</span>
                      <span className="block font-mono text-xs text-fg-muted">{formatDocument(p.document)}</span>
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums text-fg-muted">{p.count}</td>
                    <td className="whitespace-nowrap py-2 text-right font-medium tabular-nums">{formatBRL(p.value_cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <details className="text-sm">
              <summary className="cursor-pointer text-fg-muted">{t("byDay")}</summary>
              <table className="mt-2 w-full border-collapse text-sm">
                <caption className="sr-only">{t("daysCaption", { range: rangeText })}</caption>
                <tbody>
                  {received.days.map((d) => (
                    <tr key={d.day} className="border-b border-border last:border-0">
                      <th scope="row" className="py-1 pr-3 text-left font-normal tabular-nums">{dayLabel(d.day, true)}</th>
                      <td className="py-1 pr-3 text-right tabular-nums text-fg-muted">{d.count}</td>
                      <td className="whitespace-nowrap py-1 text-right tabular-nums">{formatBRL(d.value_cents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            <Link href={list} className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">
              {t("open")}
            </Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
