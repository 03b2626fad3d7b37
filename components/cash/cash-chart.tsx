"use client";

import { useTranslations } from "next-intl";
import { Bar, CartesianGrid, ComposedChart, Line, ReferenceLine, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import { CHART_THEME_CLASS } from "@/components/insights/chart-theme";
import type { CashDayView } from "@/lib/cash/answers";
import { formatBrazilDayMonth } from "@/lib/pix/date-input";
import { formatBRL, formatBRLCompact } from "@/lib/pix/money";

type Point = { date: string; label: string; out: number; in: number; closing: number; short: boolean };

/**
 * The projected close of each day (a line) over what goes out (bars below zero) and what comes
 * in (bars above); the days that send more than they have are marked red. A click picks the day.
 */
export function CashChart({ days, selected, onSelect }: { days: CashDayView[]; selected: string | null; onSelect: (date: string) => void }) {
  const t = useTranslations("cash");
  const points: Point[] = days.map((d) => ({
    date: d.date,
    label: formatBrazilDayMonth(d.date),
    out: -d.out_cents,
    in: d.in_cents,
    closing: d.closing_cents,
    short: d.out_cents > 0 && d.closing_cents < 0,
  }));
  const byLabel = new Map(points.map((p) => [p.label, p]));

  function renderTooltip({ active, label }: TooltipContentProps) {
    const p = active ? byLabel.get(String(label)) : undefined;
    if (!p) return null;
    return (
      <div className="rounded-md border border-border bg-surface px-3 py-2 text-xs shadow-md">
        <p className="font-medium text-fg">{p.label}</p>
        <p className="text-red-700 dark:text-red-400">{t("chart.out")}: {formatBRL(-p.out)}</p>
        <p className="text-emerald-700 dark:text-emerald-400">{t("chart.in")}: {formatBRL(p.in)}</p>
        <p className="font-medium text-fg">{t("chart.closing")}: {formatBRL(p.closing)}</p>
        {p.short ? <p className="font-medium text-red-700 dark:text-red-400">{t("shortfall")}</p> : null}
      </div>
    );
  }

  return (
    <div className={CHART_THEME_CLASS} data-testid="cash-chart">
      <ComposedChart
        responsive
        data={points}
        style={{ width: "100%", height: 280 }}
        margin={{ top: 8, right: 8, bottom: 4, left: 4 }}
        accessibilityLayer
        title={t("chart.title")}
        onClick={(state) => {
          const index = typeof state?.activeTooltipIndex === "number" ? state.activeTooltipIndex : Number(state?.activeTooltipIndex);
          const point = Number.isInteger(index) ? points[index] : undefined;
          if (point) onSelect(point.date);
        }}
      >
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" interval="preserveStartEnd" minTickGap={12} />
        <YAxis width="auto" tickFormatter={(cents: number) => formatBRLCompact(cents)} />
        <ReferenceLine y={0} className="[&_line]:stroke-fg-muted" />
        <Tooltip content={renderTooltip} cursor={{ className: "fill-surface-muted" }} />
        <Bar dataKey="out" name={t("chart.out")} className="fill-red-400 dark:fill-red-500" maxBarSize={28} isAnimationActive={false} cursor="pointer" />
        <Bar dataKey="in" name={t("chart.in")} className="fill-emerald-400 dark:fill-emerald-500" maxBarSize={28} isAnimationActive={false} cursor="pointer" />
        <Line
          dataKey="closing"
          name={t("chart.closing")}
          type="stepAfter"
          className="[&_path]:stroke-blue-700 dark:[&_path]:stroke-blue-300"
          strokeWidth={2}
          isAnimationActive={false}
          dot={(props: { cx?: number; cy?: number; index?: number }) => {
            const p = points[props.index ?? -1];
            const chosen = p?.date === selected;
            if (!p || (!p.short && !chosen)) return <g key={props.index} />;
            return (
              <circle
                key={props.index}
                cx={props.cx}
                cy={props.cy}
                r={chosen ? 6 : 5}
                data-shortfall={p.short ? p.date : undefined}
                className={p.short ? "fill-red-600 stroke-surface" : "fill-blue-700 stroke-surface"}
                strokeWidth={2}
              />
            );
          }}
        />
      </ComposedChart>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-label={t("chart.legend")}>
        <li className="flex items-center gap-1.5"><span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm bg-red-400" /> {t("chart.out")}</li>
        <li className="flex items-center gap-1.5"><span aria-hidden className="inline-block h-2.5 w-2.5 rounded-sm bg-emerald-400" /> {t("chart.in")}</li>
        <li className="flex items-center gap-1.5"><span aria-hidden className="inline-block h-0.5 w-4 bg-blue-700 dark:bg-blue-300" /> {t("chart.closing")}</li>
        <li className="flex items-center gap-1.5"><span aria-hidden className="inline-block h-2.5 w-2.5 rounded-full bg-red-600" /> {t("shortfall")}</li>
      </ul>
    </div>
  );
}
