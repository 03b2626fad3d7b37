"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Rectangle, Tooltip, XAxis, YAxis, type BarShapeProps, type TooltipContentProps } from "recharts";
import { usePaymentStatusLabel } from "@/components/payments/status-badge";
import { formatBRLCompact } from "@/lib/pix/money";
import { StatusPatterns, StatusSwatch, statusFill } from "./chart-palette";
import { cellValue, type TimeRow } from "./chart-data";
import { ChartTooltipBox } from "./chart-tooltip";
import { CHART_THEME_CLASS } from "./chart-theme";

const PATTERN_ID = "time-chart";

/**
 * Value per day (or week) stacked by status. Each segment is one list query's `meta`; clicking it
 * opens the table for that status and that day (or week).
 */
export function TimeChart({ rows, statuses, grouping }: { rows: TimeRow[]; statuses: string[]; grouping: "day" | "week" }) {
  const t = useTranslations("overview");
  const statusLabel = usePaymentStatusLabel();
  const router = useRouter();
  const byLabel = new Map(rows.map((row) => [row.label, row]));

  function renderTooltip({ active, label }: TooltipContentProps) {
    const row = active ? byLabel.get(String(label)) : undefined;
    if (!row) return null;
    const lines = [...statuses].reverse().map((status) => ({ status, label: statusLabel(status), cell: row.cells[status] }));
    const title = grouping === "week" ? t("chart.week", { label: row.longLabel }) : row.longLabel;
    return <ChartTooltipBox title={title} lines={lines} total={{ count: row.count, value_cents: row.value_cents }} />;
  }

  return (
    <div className={CHART_THEME_CLASS} data-testid="time-chart">
      <BarChart
        responsive
        data={rows}
        style={{ width: "100%", height: 300 }}
        margin={{ top: 8, right: 8, bottom: 4, left: 4 }}
        accessibilityLayer
        title={grouping === "week" ? t("cards.byWeek") : t("cards.byDay")}
      >
        <StatusPatterns idPrefix={PATTERN_ID} />
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={12} />
        <YAxis width="auto" tickFormatter={(cents: number) => formatBRLCompact(cents)} />
        <Tooltip content={renderTooltip} cursor={{ className: "fill-surface-muted" }} />
        {statuses.map((status) => (
          <Bar
            key={status}
            stackId="value"
            maxBarSize={64}
            name={statusLabel(status)}
            dataKey={(row: TimeRow) => cellValue(row, status)}
            fill={statusFill(status, PATTERN_ID)}
            isAnimationActive={false}
            className="cursor-pointer"
            shape={(props: BarShapeProps) => (
              // data-* name the segment for tests and tools; the drawing is recharts' own.
              <g data-status={status} data-bucket={rows[props.index]?.bucket}>
                <Rectangle {...props} />
              </g>
            )}
            onClick={(_item, index) => {
              const href = rows[index]?.cells[status]?.href;
              if (href) router.push(href);
            }}
          />
        ))}
      </BarChart>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-label={t("chart.legend")}>
        {statuses.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <StatusSwatch status={status} /> {statusLabel(status)}
          </li>
        ))}
      </ul>
    </div>
  );
}
