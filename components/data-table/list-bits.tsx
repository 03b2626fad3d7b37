import { SearchX } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ActiveFilter } from "@/components/data-table/filter-descriptions";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListMeta } from "@/lib/contract/list";
import { PROVIDER_PAGE_SIZE } from "@/lib/domain/pages";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";

/**
 * The pieces around a provider list's table (payments, QR codes), each taking its words from
 * the caller: the totals, the empty state, the loading shape and the row range.
 */

const count = new Intl.NumberFormat("pt-BR");
const FIGURE = "text-xl font-semibold tabular-nums text-fg [overflow-wrap:anywhere]";
const TERM = "text-xs font-medium uppercase tracking-wide text-fg-muted";

/**
 * Totals over every page of the current query, straight from the provider's `meta`. Figures are
 * never cut: they wrap to the next line as a whole, and only break inside when wider than a phone.
 */
export function ListTotals({
  meta,
  busy,
  dimmed = busy,
  countLabel,
  countTestId,
  valueLabel,
}: {
  meta: ListMeta | undefined;
  busy: boolean;
  dimmed?: boolean;
  countLabel: string;
  /** The count's test id ("total-payments", "total-charges"); the value's is "total-value". */
  countTestId: string;
  valueLabel: string;
}) {
  return (
    <dl className={cn("flex min-w-0 flex-wrap gap-x-8 gap-y-1 transition-opacity", dimmed && "opacity-60")} aria-busy={busy}>
      <div className="min-w-0">
        <dt className={TERM}>{countLabel}</dt>
        <dd className={FIGURE} data-testid={countTestId} data-value={meta?.total_items_amount}>
          {meta ? count.format(meta.total_items_amount) : "—"}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className={TERM}>{valueLabel}</dt>
        <dd className={FIGURE} data-testid="total-value" data-value={meta?.total_value_cents}>
          {meta ? formatBRL(meta.total_value_cents) : "—"}
        </dd>
      </div>
    </dl>
  );
}

/** No rows: say which filters gave nothing, and offer the way out. */
export function ListEmptyState({
  active,
  onClearAll,
  words,
}: {
  active: readonly ActiveFilter[];
  onClearAll: () => void;
  words: { none: string; noMatch: string; clearAll: string };
}) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
      <SearchX aria-hidden className="h-8 w-8 text-fg-muted" />
      {active.length === 0 ? (
        <p className="text-sm text-fg">{words.none}</p>
      ) : (
        <>
          <p className="text-sm font-medium text-fg">{words.noMatch}</p>
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-fg-muted">
            {active.map((filter) => (
              <li key={filter.id}>
                <span className="font-medium text-fg">{filter.label}</span> {filter.value}
              </li>
            ))}
          </ul>
          <Button size="sm" onClick={onClearAll}>
            {words.clearAll}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * The table's shape while the first page loads (no spinner; the layout does not jump): a
 * placeholder per cell, `cells` giving each one's classes (width, and from which screen it shows).
 */
export function TableSkeleton({ label, rows, cells }: { label: string; rows: number; cells: readonly { className: string; pill?: boolean }[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface" aria-busy="true" aria-label={label}>
      <div className="h-9 border-b border-border bg-surface-muted" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-border px-3 py-3 last:border-b-0">
          {cells.map((cell, j) => (
            <Skeleton key={j} className={cell.className} pill={cell.pill} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** "Rows 101–200 of 3.000" under the table (numbers in Brazilian format whatever the language). */
export function RowRange({ page, shown, total, busy }: { page: number; shown: number; total: number | undefined; busy: boolean }) {
  const t = useTranslations("table");
  if (total === undefined) return <span />;
  const first = shown === 0 ? 0 : (page - 1) * PROVIDER_PAGE_SIZE + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return (
    <p className="text-sm tabular-nums text-fg-muted" aria-live="polite">
      {busy ? `${t("loadingPrefix")} ` : ""}
      {t("rowRange", { first: count.format(first), last: count.format(last), total: count.format(total) })}
    </p>
  );
}
