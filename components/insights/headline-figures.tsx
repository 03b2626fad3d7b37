"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Skeleton } from "@/components/ui/skeleton";
import type { InsightsAnswer } from "@/lib/insights/schema";
import { formatBRL } from "@/lib/pix/money";
import { StatusSwatch, statusStyle } from "./chart-palette";
import { formatCount, percentText } from "./chart-data";

type Totals = InsightsAnswer["totals"];
type Part = { key: "completed" | "inFlight" | "canceled"; testId: string; swatch: string; cents: number | null };

/**
 * Figures sized by the space their card has (a container query), and allowed to wrap at any
 * character as a last resort: an amount is never cut, at 1440 px or on a phone.
 */
const AMOUNT = "font-semibold tabular-nums text-fg [overflow-wrap:anywhere]";

/**
 * The range's headline: the number of payments (and how many were canceled), and the total value
 * split into completed, in flight (awaiting authorization, authorizing, sent) and canceled, each
 * with its share. All from whole-range list queries (`meta`); a figure whose query failed reads
 * "unavailable", never zero. `data-value` holds the exact number (cents for money).
 */
export function HeadlineFigures({ query }: { query: UseQueryResult<InsightsAnswer> }) {
  const t = useTranslations("overview");
  const totals = query.data?.totals;
  return (
    <section
      aria-label={t("headline.label")}
      aria-busy={query.isFetching}
      className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_minmax(0,3fr)]"
    >
      <div className="@container min-w-0 rounded-lg border border-border bg-surface p-4" data-testid="headline-count">
        <p className="text-sm text-fg-muted">{t("headline.payments")}</p>
        <Figure pending={query.isPending} value={totals?.count} text={(n) => formatCount(n)} className="text-2xl @[12rem]:text-3xl" />
        {totals ? <CanceledNote totals={totals} /> : null}
      </div>
      <div className="@container min-w-0 rounded-lg border border-border bg-surface p-4" data-testid="headline-value">
        <p className="text-sm text-fg-muted">{t("headline.totalValue")}</p>
        <Figure pending={query.isPending} value={totals?.value_cents} text={formatBRL} className="text-2xl @[20rem]:text-3xl" />
        {totals ? <ValueSplit totals={totals} /> : null}
      </div>
    </section>
  );
}

function Figure({
  pending,
  value,
  text,
  className,
}: {
  pending: boolean;
  value: number | null | undefined;
  text: (n: number) => string;
  className: string;
}) {
  const t = useTranslations("overview");
  if (value === undefined) return pending ? <Skeleton className="mt-2 h-8 w-32" /> : <p className={`mt-1 ${AMOUNT} ${className}`}>—</p>;
  if (value === null) return <p className="mt-1 text-lg font-semibold text-red-700 dark:text-red-400">{t("unavailable")}</p>;
  return (
    <p className={`mt-1 ${AMOUNT} ${className}`} data-value={value}>
      {text(value)}
    </p>
  );
}

function CanceledNote({ totals }: { totals: Totals }) {
  const t = useTranslations("overview.headline");
  const rate = percentText(totals.canceled_count, totals.count);
  if (totals.canceled_count === null || !rate) return null;
  return (
    <p className="mt-1 text-xs text-fg-muted" data-testid="headline-canceled-count" data-value={totals.canceled_count}>
      {t("canceledNote", { n: totals.canceled_count, count: formatCount(totals.canceled_count), rate })}
    </p>
  );
}

/** The three parts of the total value: a bar of their shares, then each amount with its share. */
function ValueSplit({ totals }: { totals: Totals }) {
  const t = useTranslations("overview");
  const parts: Part[] = [
    { key: "completed", testId: "headline-completed", swatch: "completed", cents: totals.completed_value_cents },
    { key: "inFlight", testId: "headline-in-flight", swatch: "sent", cents: totals.in_flight_value_cents },
    { key: "canceled", testId: "headline-canceled", swatch: "canceled", cents: totals.canceled_value_cents },
  ];
  const whole = totals.value_cents;
  return (
    <div className="mt-3 space-y-3">
      {whole ? (
        <div aria-hidden className="flex h-2 overflow-hidden rounded-full bg-surface-muted" data-testid="headline-split-bar">
          {parts.map((part) =>
            part.cents ? <div key={part.key} style={{ width: `${(part.cents / whole) * 100}%`, background: statusStyle(part.swatch).color }} /> : null,
          )}
        </div>
      ) : null}
      <dl aria-label={t("headline.split")} className="grid gap-3 sm:grid-cols-3">
        {parts.map((part) => {
          const share = percentText(part.cents, whole);
          return (
            <div key={part.key} className="@container min-w-0" data-testid={part.testId}>
              <dt className="flex items-center gap-1.5 text-sm text-fg-muted" title={part.key === "inFlight" ? t("headline.inFlightHint") : undefined}>
                <StatusSwatch status={part.swatch} /> {t(`headline.${part.key}`)}
              </dt>
              <dd className="mt-0.5">
                {part.cents === null ? (
                  <span className="text-base font-semibold text-red-700 dark:text-red-400">{t("unavailable")}</span>
                ) : (
                  <span className={`block ${AMOUNT} text-lg @[14rem]:text-xl`} data-value={part.cents}>
                    {formatBRL(part.cents)}
                  </span>
                )}
                {share ? <span className="block text-xs text-fg-muted">{t("headline.share", { share })}</span> : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
