"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { Skeleton } from "@/components/ui/skeleton";
import type { InsightsAnswer } from "@/lib/insights/schema";
import { formatBRL } from "@/lib/pix/money";
import { formatCount, percentText } from "./chart-data";

type Tile = { key: string; label: string; value: string | null; exact: number | null; note?: string };

/**
 * The range's headline: payments, total value, completed value, canceled count and rate, all
 * from whole-range list queries (`meta`). A figure whose query failed reads "unavailable".
 * `data-value` holds the exact number (cents for money) for tests and copy.
 */
export function HeadlineFigures({ query }: { query: UseQueryResult<InsightsAnswer> }) {
  const totals = query.data?.totals;
  if (!totals) {
    return (
      <section aria-label="Headline figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {["Payments", "Total value", "Completed value", "Canceled"].map((label) => (
          <div key={label} className="rounded-lg border border-border bg-surface p-4">
            <p className="text-sm text-fg-muted">{label}</p>
            {query.isPending ? <Skeleton className="mt-2 h-7 w-28" /> : <p className="mt-1 text-2xl font-semibold">—</p>}
          </div>
        ))}
      </section>
    );
  }
  const rate = percentText(totals.canceled_count, totals.count);
  const completedShare = percentText(totals.completed_value_cents, totals.value_cents);
  const tiles: Tile[] = [
    { key: "count", label: "Payments", value: totals.count === null ? null : formatCount(totals.count), exact: totals.count },
    {
      key: "value",
      label: "Total value",
      value: totals.value_cents === null ? null : formatBRL(totals.value_cents),
      exact: totals.value_cents,
    },
    {
      key: "completed",
      label: "Completed value",
      value: totals.completed_value_cents === null ? null : formatBRL(totals.completed_value_cents),
      exact: totals.completed_value_cents,
      note: completedShare ? `${completedShare} of total value` : undefined,
    },
    {
      key: "canceled",
      label: "Canceled",
      value: totals.canceled_count === null ? null : formatCount(totals.canceled_count),
      exact: totals.canceled_count,
      note: rate ? `${rate} of payments` : undefined,
    },
  ];
  return (
    <section aria-label="Headline figures" className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={query.isFetching}>
      {tiles.map((tile) => (
        <div key={tile.key} className="rounded-lg border border-border bg-surface p-4" data-testid={`headline-${tile.key}`}>
          <p className="text-sm text-fg-muted">{tile.label}</p>
          {tile.value === null ? (
            <p className="mt-1 text-lg font-semibold text-red-700 dark:text-red-400">unavailable</p>
          ) : (
            <p className="mt-1 text-2xl font-semibold tabular-nums text-fg" data-value={tile.exact ?? undefined}>
              {tile.value}
            </p>
          )}
          {tile.note ? <p className="mt-0.5 text-xs text-fg-muted">{tile.note}</p> : null}
        </div>
      ))}
    </section>
  );
}
