import { useTranslations } from "next-intl";
import type { ListMeta } from "@/lib/contract/list";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";

const count = new Intl.NumberFormat("pt-BR");

/**
 * Totals over every page of the current query, straight from the provider's `meta`. Figures are
 * never cut: they wrap to the next line as a whole, and only break inside when wider than a phone.
 */
export function PaymentsTotals({ meta, busy, dimmed = busy }: { meta: ListMeta | undefined; busy: boolean; dimmed?: boolean }) {
  const t = useTranslations("payments.totals");
  const figure = "text-xl font-semibold tabular-nums text-fg [overflow-wrap:anywhere]";
  return (
    <dl className={cn("flex min-w-0 flex-wrap gap-x-8 gap-y-1 transition-opacity", dimmed && "opacity-60")} aria-busy={busy}>
      <div className="min-w-0">
        <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">{t("payments")}</dt>
        <dd className={figure} data-testid="total-payments" data-value={meta?.total_items_amount}>
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
