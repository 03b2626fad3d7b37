"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useTranslations } from "next-intl";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell as BarCell,
  LabelList,
  Rectangle,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type LabelProps,
  type TooltipContentProps,
} from "recharts";
import { formatBRL, formatBRLCompact } from "@/lib/pix/money";
import { StatusPatterns, statusFill } from "./chart-palette";
import { formatCount, isFigureCell, type StatusRow } from "./chart-data";
import { ChartTooltipBox } from "./chart-tooltip";
import { CHART_THEME_CLASS } from "./chart-theme";

const PATTERN_ID = "status-chart";

const valueOf = (row: StatusRow) => (isFigureCell(row.cell) ? row.cell.value_cents : 0);

/** The figure at the end of a bar, in the text colour of the theme, on one line. */
function BarEndLabel({ viewBox, value }: LabelProps) {
  if (!viewBox || !("width" in viewBox)) return null;
  const { x = 0, y = 0, width = 0, height = 0 } = viewBox;
  return (
    <text x={x + width + 6} y={y + height / 2} dominantBaseline="central" className="fill-fg" fontSize={12}>
      {value}
    </text>
  );
}

/** On a narrow card: the status and its figure on a line above its bar (no room beside it). */
function AboveBarLabel({ viewBox, value }: LabelProps) {
  if (!viewBox || !("width" in viewBox)) return null;
  const { x = 0, y = 0 } = viewBox;
  return (
    <text x={x} y={y - 6} className="fill-fg" fontSize={12}>
      {value}
    </text>
  );
}

/** Below this width (px) the names and figures go above the bars instead of beside them. */
const NARROW_BELOW = 420;

function useNarrow(ref: RefObject<HTMLDivElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setNarrow((entry?.contentRect.width ?? NARROW_BELOW) < NARROW_BELOW));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return narrow;
}

/**
 * Value by status as horizontal bars, each labelled with its BRL value and count (so neither
 * colour nor hover is needed to read it). Clicking a bar opens the table for that status.
 */
export function StatusChart({ rows }: { rows: StatusRow[] }) {
  const t = useTranslations("overview");
  const router = useRouter();
  const box = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(box);
  const byLabel = new Map(rows.map((row) => [row.label, row]));
  const labelOf = (row: StatusRow) =>
    isFigureCell(row.cell) ? `${formatBRL(row.cell.value_cents)} · ${formatCount(row.cell.count)}` : t("unavailable");

  function renderTooltip({ active, label }: TooltipContentProps) {
    const row = active ? byLabel.get(String(label)) : undefined;
    if (!row) return null;
    return <ChartTooltipBox title={row.label} lines={[{ status: row.status, label: t("chart.payments"), cell: row.cell }]} />;
  }

  return (
    <div ref={box} className={CHART_THEME_CLASS} data-testid="status-chart">
      <BarChart
        responsive
        layout="vertical"
        data={rows}
        style={{ width: "100%", height: Math.max(200, rows.length * (narrow ? 52 : 44) + 40) }}
        margin={narrow ? { top: 20, right: 12, bottom: 4, left: 4 } : { top: 4, right: 170, bottom: 4, left: 4 }}
        accessibilityLayer
        title={t("cards.byStatus")}
      >
        <StatusPatterns idPrefix={PATTERN_ID} />
        <CartesianGrid horizontal={false} />
        <XAxis type="number" tickFormatter={(cents: number) => formatBRLCompact(cents)} />
        <YAxis type="category" dataKey="label" width="auto" hide={narrow} />
        <Tooltip content={renderTooltip} cursor={{ className: "fill-surface-muted" }} />
        <Bar
          dataKey={valueOf}
          name={t("chart.value")}
          maxBarSize={narrow ? 20 : 36}
          isAnimationActive={false}
          className="cursor-pointer"
          shape={(props: BarShapeProps) => (
            // data-status names the bar for tests and tools; the drawing is recharts' own.
            <g data-status={rows[props.index]?.status}>
              <Rectangle {...props} />
            </g>
          )}
          onClick={(_item, index) => {
            const row = rows[index];
            if (row) router.push(row.cell.href);
          }}
        >
          {rows.map((row) => (
            <BarCell key={row.status} fill={statusFill(row.status, PATTERN_ID)} />
          ))}
          {narrow ? (
            <LabelList dataKey={(row: StatusRow) => `${row.label}: ${labelOf(row)}`} content={AboveBarLabel} />
          ) : (
            <LabelList dataKey={labelOf} content={BarEndLabel} />
          )}
        </Bar>
      </BarChart>
    </div>
  );
}
