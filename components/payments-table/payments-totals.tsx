import type { ListMeta } from "@/lib/contract/list";
import { formatBRL } from "@/lib/pix/money";
import { cn } from "@/lib/utils";

const count = new Intl.NumberFormat("pt-BR");

/** Totals over every page of the current query, straight from the provider's `meta`. */
export function PaymentsTotals({ meta, busy, dimmed = busy }: { meta: ListMeta | undefined; busy: boolean; dimmed?: boolean }) {
  return (
    <dl className={cn("flex flex-wrap gap-x-8 gap-y-1 transition-opacity", dimmed && "opacity-60")} aria-busy={busy}>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">Payments</dt>
        <dd className="text-xl font-semibold tabular-nums text-fg" data-testid="total-payments" data-value={meta?.total_items_amount}>
          {meta ? count.format(meta.total_items_amount) : "—"}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium uppercase tracking-wide text-fg-muted">Total value</dt>
        <dd className="text-xl font-semibold tabular-nums text-fg" data-testid="total-value" data-value={meta?.total_value_cents}>
          {meta ? formatBRL(meta.total_value_cents) : "—"}
        </dd>
      </div>
    </dl>
  );
}
