import Link from "next/link";
import { useTranslations } from "next-intl";
import { formatBRL } from "@/lib/pix/money";
import { formatCount, isFigureCell, type Cell, type StatusRow, type TimeRow } from "./chart-data";

/**
 * The text alternatives of the charts: the same figures as tables, each figure a link to the
 * payments table that produces it. `data-count`/`data-value-cents` carry the exact numbers.
 */
function Figure({ cell, label }: { cell: Cell | undefined; label: string }) {
  const t = useTranslations("overview");
  if (!cell) return <span className="text-fg-muted">—</span>;
  if (!isFigureCell(cell)) {
    return (
      <span className="text-red-700 dark:text-red-400" title={cell.error}>
        {t("unavailable")}
      </span>
    );
  }
  return (
    <Link
      href={cell.href}
      className="tabular-nums text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
      aria-label={t("tables.openFigure", { label, count: formatCount(cell.count), value: formatBRL(cell.value_cents) })}
      data-count={cell.count}
      data-value-cents={cell.value_cents}
    >
      {formatBRL(cell.value_cents)} <span className="text-fg-muted">· {formatCount(cell.count)}</span>
    </Link>
  );
}

const th = "px-2 py-1.5 text-left font-medium text-fg-muted";
const td = "px-2 py-1.5";

export function StatusTable({ rows, caption }: { rows: StatusRow[]; caption: string }) {
  const t = useTranslations();
  return (
    <table className="w-full text-sm" data-testid="status-table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-border">
          <th scope="col" className={th}>{t("glossary.status")}</th>
          <th scope="col" className={th}>{t("overview.tables.valueCount")}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.status} className="border-b border-border last:border-0" data-status={row.status}>
            <th scope="row" className={`${td} text-left font-normal`}>{row.label}</th>
            <td className={td}>
              <Figure cell={row.cell} label={row.label} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TimeTable({
  rows,
  statuses,
  caption,
  statusLabel,
}: {
  rows: TimeRow[];
  statuses: string[];
  caption: string;
  statusLabel: (status: string) => string;
}) {
  const t = useTranslations("overview.tables");
  return (
    <div className="relative max-h-96 overflow-auto">
      <table className="w-full text-sm" data-testid="time-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface">
          <tr className="border-b border-border">
            <th scope="col" className={th}>{t("period")}</th>
            {statuses.map((status) => (
              <th key={status} scope="col" className={th}>{statusLabel(status)}</th>
            ))}
            <th scope="col" className={th}>{t("total")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.bucket} className="border-b border-border last:border-0" data-bucket={row.bucket}>
              <th scope="row" className={`${td} whitespace-nowrap text-left font-normal`}>{row.longLabel}</th>
              {statuses.map((status) => (
                <td key={status} className={`${td} whitespace-nowrap`} data-status={status}>
                  <Figure cell={row.cells[status]} label={`${row.longLabel}, ${statusLabel(status)}`} />
                </td>
              ))}
              <td className={`${td} whitespace-nowrap tabular-nums`}>
                {row.failed ? t("incomplete") : `${formatBRL(row.value_cents)} · ${formatCount(row.count)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
