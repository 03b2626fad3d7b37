"use client";

import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, ArrowDownLeft, ArrowUpRight, Landmark, TrendingDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { parseAsInteger, parseAsString, useQueryState } from "nuqs";
import { ErrorState } from "@/components/ui/error-state";
import { ExportButton } from "@/components/ui/export-button";
import { Skeleton } from "@/components/ui/skeleton";
import type { CashDayView } from "@/lib/cash/answers";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { formatBRL } from "@/lib/pix/money";
import { formatBrazilDateTime } from "@/lib/pix/time";
import { CASH_DAYS, cashQueries, cashUrl } from "@/lib/queries/cash";
import { cn } from "@/lib/utils";
import { CashChart } from "./cash-chart";
import { CashDayDetail } from "./cash-day-detail";
import { CashDaysTable } from "./cash-days-table";

function Tile({ label, value, hint, icon: Icon, tone, testId }: { label: string; value: string; hint?: string; icon: typeof Landmark; tone?: "in" | "out"; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-border bg-surface p-3" data-testid={testId}>
      <span className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
        <Icon aria-hidden className="h-3.5 w-3.5" /> {label}
      </span>
      <span className={cn("whitespace-nowrap text-xl font-semibold tabular-nums", tone === "in" ? "text-emerald-700 dark:text-emerald-400" : tone === "out" ? "text-red-700 dark:text-red-400" : "text-fg")}>{value}</span>
      {hint ? <span className="text-xs text-fg-muted">{hint}</span> : null}
    </div>
  );
}

/** /cash: the balance today, what goes out and comes in day by day, the lowest close and the days short of money. */
export function CashView() {
  const t = useTranslations("cash");
  const [days, setDays] = useQueryState("days", parseAsInteger.withDefault(30).withOptions({ clearOnDefault: true }));
  const span = (CASH_DAYS as readonly number[]).includes(days) ? days : 30;
  const query = useQuery(cashQueries.days(span));
  // The chosen day is in the address (?day=yyyy-mm-dd): the shortfall alert links to its day.
  const [chosen, choose] = useQueryState("day", parseAsString);
  const setChosen = (date: string) => void choose(date);

  if (query.isError) return <ErrorState title={t("couldNotLoad")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const data = query.data;
  if (!data) return <Skeleton className="h-96" />;

  const out = data.days.reduce((s, d) => s + d.out_cents, 0);
  const pending = data.days.reduce((s, d) => s + d.out_pending_cents, 0);
  const incoming = data.days.reduce((s, d) => s + d.in_cents, 0);
  const atRisk = data.days.reduce((s, d) => s + d.in_at_risk_cents, 0);
  const lowest = data.days.reduce<CashDayView>((low, d) => (d.closing_cents < low.closing_cents ? d : low), data.days[0]!);
  const firstShort = data.shortfalls[0];
  const selected = data.days.find((d) => d.date === chosen) ?? (firstShort ? data.days.find((d) => d.date === firstShort.date) : undefined) ?? data.days[0]!;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label={t("span")} className="inline-flex rounded-md border border-border bg-surface p-0.5">
          {CASH_DAYS.map((n) => (
            <button
              key={n}
              type="button"
              aria-pressed={n === span}
              onClick={() => void setDays(n)}
              className={cn("rounded px-3 py-1 text-sm", n === span ? "bg-blue-700 font-medium text-white dark:bg-blue-600" : "text-fg-muted hover:bg-surface-muted")}
            >
              {t("days", { n })}
            </button>
          ))}
        </div>
        <ExportButton href={(format) => cashUrl(span, format)} expectedRows={data.days.length} testId="cash-export" />
      </div>

      {data.shortfalls.length > 0 ? (
        <div role="alert" data-testid="cash-shortfalls" className="flex items-start gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <div>
            <p className="font-medium">{t("shortfallsTitle", { count: data.shortfalls.length })}</p>
            <ul className="mt-1 flex flex-col gap-0.5">
              {data.shortfalls.map((s) => (
                <li key={s.date}>
                  <button type="button" className="underline underline-offset-2" onClick={() => setChosen(s.date)}>
                    {t("shortfallLine", { day: formatBrazilDay(s.date), missing: formatBRL(s.missing_cents) })}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        <Tile testId="cash-balance" icon={Landmark} label={t("tiles.balance")} value={formatBRL(data.balance.available_cents)} hint={t("tiles.checkedAt", { at: formatBrazilDateTime(data.balance.checked_at) })} />
        <Tile testId="cash-out" icon={ArrowUpRight} tone="out" label={t("tiles.out", { n: span })} value={formatBRL(-out)} hint={pending > 0 ? t("tiles.pending", { value: formatBRL(pending) }) : undefined} />
        <Tile testId="cash-in" icon={ArrowDownLeft} tone="in" label={t("tiles.in", { n: span })} value={formatBRL(incoming)} hint={atRisk > 0 ? t("tiles.atRisk", { value: formatBRL(atRisk), percent: data.expected_in_percent }) : undefined} />
        <Tile testId="cash-lowest" icon={TrendingDown} tone={lowest.closing_cents < 0 ? "out" : undefined} label={t("tiles.lowest")} value={formatBRL(lowest.closing_cents)} hint={formatBrazilDay(lowest.date)} />
      </div>

      <section className="rounded-lg border border-border bg-surface p-3" aria-label={t("chart.title")}>
        <h2 className="mb-2 text-sm font-semibold text-fg">{t("chart.title")}</h2>
        <CashChart days={data.days} selected={selected.date} onSelect={setChosen} />
      </section>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CashDaysTable days={data.days} selected={selected.date} onSelect={setChosen} />
        {/* On a phone the chosen day comes first, above the long list of days. */}
        <div className="order-first lg:order-none">
          <CashDayDetail day={selected} />
        </div>
      </div>
      <p className="text-xs text-fg-muted">{t("howComputed", { percent: data.expected_in_percent })}</p>
    </div>
  );
}
