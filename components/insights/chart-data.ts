import { listParamsFor } from "@/lib/insights/query";
import type { DateField, InsightsFilters } from "@/lib/insights/options";
import { isFigurePoint } from "@/lib/insights/points";
import type { InsightsAnswer } from "@/lib/insights/schema";
import { formatBrazilDay, formatBrazilDayMonth } from "@/lib/pix/date-input";
import { serializePaymentsSearchParams } from "@/lib/search-params/payments";

/** Figures of one (bucket, status) query, or why they are missing. */
export type Cell = { count: number; value_cents: number; href: string } | { error: string; href: string };

export type StatusRow = { status: string; label: string; cell: Cell };

export type TimeRow = {
  bucket: string;
  /** Short axis label, e.g. "22/11". */
  label: string;
  /** Full label for tooltips and tables, e.g. "16/11/2026 – 22/11/2026". */
  longLabel: string;
  cells: Record<string, Cell>;
  count: number;
  value_cents: number;
  failed: boolean;
};

/**
 * The table link that shows exactly one figure: same filters, same status, same inclusive bounds
 * on the same date field, in the payments table's own URL format.
 */
export function drillDownHref(
  dateField: DateField,
  filters: InsightsFilters,
  bounds: { start: string; end: string },
  status?: string,
): string {
  return `/payments${serializePaymentsSearchParams(listParamsFor(dateField, filters, bounds, status))}`;
}

/** "2026-11-22" -> "22/11" (short) or "22/11/2026" (long); no time zone involved. */
export function dayLabel(day: string, long = false): string {
  return long ? formatBrazilDay(day) : formatBrazilDayMonth(day);
}

export function isFigureCell(cell: Cell | undefined): cell is Extract<Cell, { count: number }> {
  return cell !== undefined && "count" in cell;
}

/** One row per status (answer grouped by status), in the answer's order; `label` names a status. */
export function toStatusRows(answer: InsightsAnswer, label: (status: string) => string): StatusRow[] {
  return answer.series.map((point) => {
    const status = point.status ?? "all";
    const href = drillDownHref(answer.date_field, answer.filters, point, point.status);
    const cell: Cell = isFigurePoint(point)
      ? { count: point.count, value_cents: point.value_cents, href }
      : { error: point.error, href };
    return { status, label: label(status), cell };
  });
}

/** One row per time bucket with a cell per status (answer grouped by day or week). */
export function toTimeRows(answer: InsightsAnswer): TimeRow[] {
  const rows = new Map<string, TimeRow>();
  for (const point of answer.series) {
    let row = rows.get(point.bucket);
    if (!row) {
      const firstDay = point.start.slice(0, 10);
      const lastDay = point.end.slice(0, 10);
      row = {
        bucket: point.bucket,
        label: dayLabel(firstDay),
        longLabel: firstDay === lastDay ? dayLabel(firstDay, true) : `${dayLabel(firstDay, true)} – ${dayLabel(lastDay, true)}`,
        cells: {},
        count: 0,
        value_cents: 0,
        failed: false,
      };
      rows.set(point.bucket, row);
    }
    const status = point.status ?? "all";
    const href = drillDownHref(answer.date_field, answer.filters, point, point.status);
    if (isFigurePoint(point)) {
      row.cells[status] = { count: point.count, value_cents: point.value_cents, href };
      row.count += point.count;
      row.value_cents += point.value_cents;
    } else {
      row.cells[status] = { error: point.error, href };
      row.failed = true;
    }
  }
  return [...rows.values()];
}

/** The value of one status in a time row, for the stacked chart (a failed cell draws nothing). */
export function cellValue(row: TimeRow, status: string): number {
  const cell = row.cells[status];
  return isFigureCell(cell) ? cell.value_cents : 0;
}

/** True when there is nothing to draw: every figure is zero (and none failed). */
export function isEmptyAnswer(answer: InsightsAnswer): boolean {
  return answer.series.every((p) => isFigurePoint(p) && p.count === 0);
}

/** "12,5%" of a part in a whole, or null when the whole is unknown or zero. */
export function percentText(part: number | null, whole: number | null): string | null {
  if (part === null || whole === null || whole === 0) return null;
  return new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 }).format(part / whole);
}

export const formatCount = (n: number) => new Intl.NumberFormat("pt-BR").format(n);
