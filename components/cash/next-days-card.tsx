"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Card, CardBody, CardHeader, CardTitle } from "@/components/ui/card";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatBRL } from "@/lib/pix/money";
import { cashQueries } from "@/lib/queries/cash";
import { cn } from "@/lib/utils";

/** The overview's "Próximos 7 dias": what goes out, what comes in and the lowest projected balance (lib/cash), linking to /cash. */
export function NextDaysCard() {
  const t = useTranslations("cash.nextDays");
  const query = useQuery(cashQueries.days(7));
  const days = query.data?.days ?? [];
  const out = days.reduce((s, d) => s + d.out_cents, 0);
  const incoming = days.reduce((s, d) => s + d.in_cents, 0);
  const lowest = days.length ? days.reduce((low, d) => (d.closing_cents < low.closing_cents ? d : low)) : null;
  const short = query.data?.shortfalls.length ?? 0;
  return (
    <Card data-testid="next-days-card">
      <CardHeader>
        <CardTitle>{t("title")}</CardTitle>
      </CardHeader>
      <CardBody>
        {query.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : query.isError && !query.data ? (
          <ErrorState title={t("loadError")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-1 gap-3 text-sm min-[480px]:grid-cols-3">
              <div>
                <dt className="text-xs text-fg-muted">{t("out")}</dt>
                <dd className="text-lg font-semibold tabular-nums text-red-700 dark:text-red-400" data-testid="next-days-out">{formatBRL(-out)}</dd>
              </div>
              <div>
                <dt className="text-xs text-fg-muted">{t("in")}</dt>
                <dd className="text-lg font-semibold tabular-nums text-emerald-700 dark:text-emerald-400" data-testid="next-days-in">{formatBRL(incoming)}</dd>
              </div>
              <div>
                <dt className="text-xs text-fg-muted">{t("lowest")}</dt>
                <dd className={cn("text-lg font-semibold tabular-nums", lowest && lowest.closing_cents < 0 && "text-red-700 dark:text-red-400")} data-testid="next-days-lowest">
                  {lowest ? formatBRL(lowest.closing_cents) : "—"}
                </dd>
                {lowest ? <dd className="text-xs text-fg-muted">{formatBrazilDay(lowest.date)}</dd> : null}
              </div>
            </dl>
            {short > 0 ? <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">{t("short", { count: short })}</p> : null}
            <Link href="/cash" className="text-sm text-blue-700 underline-offset-2 hover:underline dark:text-blue-300">{t("open")}</Link>
          </div>
        )}
      </CardBody>
    </Card>
  );
}
