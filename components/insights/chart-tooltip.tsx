import { useTranslations } from "next-intl";
import { formatBRL } from "@/lib/pix/money";
import { StatusSwatch } from "./chart-palette";
import { formatCount, isFigureCell, type Cell } from "./chart-data";

type TooltipLine = { status: string; label: string; cell: Cell | undefined };

/**
 * The tooltip body of both charts: a title, then per status its BRL value and count (or why the
 * figure is missing), then the total. Renders only; the charts look their rows up by label.
 */
export function ChartTooltipBox({ title, lines, total }: { title: string; lines: TooltipLine[]; total?: { count: number; value_cents: number } }) {
  const t = useTranslations("overview");
  return (
    <div className="min-w-56 max-w-[calc(100vw-2rem)] rounded-md border border-border bg-surface px-3 py-2 text-xs text-fg shadow-lg">
      <p className="mb-1.5 font-semibold">{title}</p>
      <ul className="space-y-1">
        {lines.map(({ status, label, cell }) => (
          <li key={status} className="flex items-center gap-2">
            <StatusSwatch status={status} />
            <span className="flex-1">{label}</span>
            {isFigureCell(cell) ? (
              <span className="whitespace-nowrap tabular-nums">
                {formatBRL(cell.value_cents)} <span className="text-fg-muted">· {formatCount(cell.count)}</span>
              </span>
            ) : (
              <span className="text-red-700 dark:text-red-400">{cell ? t("unavailable") : "—"}</span>
            )}
          </li>
        ))}
      </ul>
      {total ? (
        <p className="mt-1.5 flex justify-between gap-3 border-t border-border pt-1.5 font-medium tabular-nums">
          <span>{t("chart.total")}</span>
          <span className="whitespace-nowrap">
            {formatBRL(total.value_cents)} <span className="text-fg-muted">· {formatCount(total.count)}</span>
          </span>
        </p>
      ) : null}
      <p className="mt-1.5 text-fg-muted">{t("chart.clickHint")}</p>
    </div>
  );
}
