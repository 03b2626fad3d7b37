import { useTranslations } from "next-intl";
import { ReceiptButtons } from "@/components/receipts/receipt-buttons";
import { formatBrazilDateTime } from "@/lib/pix";
import type { TransferRequest } from "@/lib/transfers/types";

/**
 * Where the money went, once the provider says so: paid (when, with which end_to_end) or
 * canceled by the provider (when, and its reason). Nothing before that.
 */
export function MoneyOutcome({ transfer: r }: { transfer: TransferRequest }) {
  const t = useTranslations("transfers.detail");
  const g = useTranslations("glossary");
  if (r.state === "paid") {
    return (
      <div className="flex flex-col gap-1 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-green-950 dark:border-green-800 dark:bg-green-950/40 dark:text-green-50" data-testid="money-outcome" data-outcome="paid">
        <p className="font-semibold">{r.payment_date ? t("paidAt", { at: formatBrazilDateTime(r.payment_date) }) : g("transferState.paid")}</p>
        {r.end_to_end ? (
          <p className="text-sm">
            <span className="text-green-900/80 dark:text-green-100/80">{g("endToEnd")}: </span>
            <span className="break-all font-mono" data-testid="end-to-end">{r.end_to_end}</span>
          </p>
        ) : null}
        <div className="mt-1">
          <ReceiptButtons url={`/api/transfers/${encodeURIComponent(r.id)}/receipt`} />
        </div>
      </div>
    );
  }
  if (r.state === "provider_canceled") {
    return (
      <div className="flex flex-col gap-1 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-50" data-testid="money-outcome" data-outcome="provider_canceled">
        <p className="font-semibold">{r.cancellation_date ? t("canceledAt", { at: formatBrazilDateTime(r.cancellation_date) }) : g("transferState.provider_canceled")}</p>
        {r.cancellation_reason ? <p className="text-sm">{t("reason", { reason: r.cancellation_reason })}</p> : null}
      </div>
    );
  }
  return null;
}
