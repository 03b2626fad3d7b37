import { SearchX } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { BackToPayments } from "./back-to-payments";
import { OpenLookupButton } from "./open-lookup-button";

/**
 * The provider has no payment with this idempotent_id (or the text cannot be one). Shows
 * the id as searched, and ways on: the table, a reference-code search, the lookup box.
 */
export function PaymentNotFound({
  idempotentId,
  reason,
  canLookup,
}: {
  idempotentId: string;
  /** Why the id cannot exist at all (e.g. it contains a slash), when that is the case. */
  reason?: string;
  canLookup: boolean;
}) {
  const t = useTranslations();
  const fragment = idempotentId.slice(0, 100);
  return (
    <div className="mx-auto max-w-2xl space-y-5 py-6">
      <BackToPayments />
      <div className="rounded-lg border border-border bg-surface p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <SearchX aria-hidden className="mt-1 h-6 w-6 shrink-0 text-fg-muted" />
          <div className="min-w-0 space-y-2">
            <h1 className="text-xl font-semibold text-fg">{t("paymentDetail.notFound.title")}</h1>
            <p className="text-sm text-fg-muted">{t("paymentDetail.notFound.text")}</p>
            <p data-testid="searched-id" className="break-all rounded bg-surface-muted px-2 py-1 font-mono text-sm text-fg">
              {idempotentId || t("common.states.empty")}
            </p>
            {reason ? <p className="text-sm text-fg">{reason}</p> : null}
            <p className="text-sm text-fg-muted">{t("paymentDetail.notFound.hint")}</p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link href="/payments" className={buttonVariants({ variant: "secondary" })}>
            {t("paymentDetail.notFound.allPayments")}
          </Link>
          {fragment.trim() ? (
            <Link
              href={`/payments?reference_code=${encodeURIComponent(fragment.trim())}`}
              className={buttonVariants({ variant: "secondary" })}
            >
              {t("paymentDetail.notFound.byReference")}
            </Link>
          ) : null}
          {canLookup ? <OpenLookupButton query={idempotentId} /> : null}
        </div>
      </div>
    </div>
  );
}
