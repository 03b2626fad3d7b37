import { SearchX } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ActiveFilter } from "@/components/data-table/filter-descriptions";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import type { ListMeta } from "@/lib/contract/list";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";

const count = new Intl.NumberFormat("pt-BR");

/** Totals over every page of the query, straight from the provider's `meta`. */
export function QrcodesTotals({ meta, busy, dimmed = busy }: { meta: ListMeta | undefined; busy: boolean; dimmed?: boolean }) {
  const t = useTranslations("qrcodes.totals");
  const figure = "text-xl font-semibold tabular-nums text-fg [overflow-wrap:anywhere]";
  return (
    <dl className={cn("flex min-w-0 flex-wrap gap-x-8 gap-y-1 transition-opacity", dimmed && "opacity-60")} aria-busy={busy}>
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("charges")}</dt>
        <dd className={figure} data-testid="total-charges" data-value={meta?.total_items_amount}>
          {meta ? count.format(meta.total_items_amount) : "—"}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("totalValue")}</dt>
        <dd className={figure} data-testid="total-value" data-value={meta?.total_value_cents}>
          {meta ? formatBRL(meta.total_value_cents) : "—"}
        </dd>
      </div>
    </dl>
  );
}

/** No rows: which filters gave nothing, and the way out. */
export function QrcodesEmptyState({ active, onClearAll }: { active: readonly ActiveFilter[]; onClearAll: () => void }) {
  const t = useTranslations("qrcodes.empty");
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border bg-surface px-6 py-12 text-center">
      <SearchX aria-hidden className="h-8 w-8 text-fg-muted" />
      {active.length === 0 ? (
        <p className="text-sm text-fg">{t("none")}</p>
      ) : (
        <>
          <p className="text-sm font-medium text-fg">{t("noMatch")}</p>
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-fg-muted">
            {active.map((filter) => (
              <li key={filter.id}>
                <span className="font-medium text-fg">{filter.label}</span> {filter.value}
              </li>
            ))}
          </ul>
          <Button size="sm" onClick={onClearAll}>
            {t("clearAll")}
          </Button>
        </>
      )}
    </div>
  );
}

/** The table's shape while the first page loads. */
export function QrcodesTableSkeleton({ rows = 10 }: { rows?: number }) {
  const t = useTranslations("qrcodes");
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface" aria-busy="true" aria-label={t("loading")}>
      <div className="h-9 border-b border-border bg-surface-muted" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-border px-3 py-3 last:border-b-0">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-5 w-24" pill />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="hidden h-4 w-40 lg:block" />
          <Skeleton className="hidden h-4 w-32 xl:block" />
        </div>
      ))}
    </div>
  );
}
