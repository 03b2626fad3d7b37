import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";

const count = new Intl.NumberFormat("pt-BR");

/** The table's shape while the first page loads (no spinner; the layout does not jump). */
export function PaymentsTableSkeleton({ rows = 12 }: { rows?: number }) {
  const t = useTranslations("payments");
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface" aria-busy="true" aria-label={t("loading")}>
      <div className="h-9 border-b border-border bg-surface-muted" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 border-b border-border px-3 py-3 last:border-b-0">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-5 w-24" pill />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-28" />
          <Skeleton className="hidden h-4 w-40 lg:block" />
          <Skeleton className="hidden h-4 w-32 xl:block" />
        </div>
      ))}
    </div>
  );
}

/** "Rows 101–200 of 3.000" under the table (numbers in Brazilian format whatever the language). */
export function RowRange({ page, shown, total, busy }: { page: number; shown: number; total: number | undefined; busy: boolean }) {
  const t = useTranslations("table");
  if (total === undefined) return <span />;
  const first = shown === 0 ? 0 : (page - 1) * 100 + 1;
  const last = shown === 0 ? 0 : first + shown - 1;
  return (
    <p className="text-sm tabular-nums text-fg-muted" aria-live="polite">
      {busy ? `${t("loadingPrefix")} ` : ""}
      {t("rowRange", { first: count.format(first), last: count.format(last), total: count.format(total) })}
    </p>
  );
}

/** A link to page 40 of a query that now has 3 pages: say so and offer the last page. */
export function PageOutOfRangeNotice({ page, lastPage, onGo }: { page: number; lastPage: number; onGo: (page: number) => void }) {
  const t = useTranslations("payments.outOfRange");
  return (
    <Notice>
      <span>{t("text", { page: count.format(page), pages: lastPage, count: count.format(lastPage) })} </span>
      <Button size="sm" variant="link" onClick={() => onGo(lastPage)}>
        {t("goTo", { page: count.format(lastPage) })}
      </Button>
    </Notice>
  );
}
