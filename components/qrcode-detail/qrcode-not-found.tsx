import { SearchX } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { BackToPayments } from "@/components/payment-detail/back-to-payments";
import { OpenLookupButton } from "@/components/payment-detail/open-lookup-button";
import { buttonVariants } from "@/components/ui/button";
import { RelatedPayments } from "./related-payments";

/**
 * No QR code record for this end-to-end id. Not a dead end: the payments that carry the id
 * (most payments have no QR code record) are listed below when the id can be one.
 */
export function QrcodeNotFound({
  endToEnd,
  reason,
  canLookup,
}: {
  endToEnd: string;
  reason?: string;
  canLookup: boolean;
}) {
  const t = useTranslations();
  return (
    <div className="mx-auto max-w-2xl space-y-5 py-6">
      <BackToPayments />
      <div className="rounded-lg border border-border bg-surface p-6 shadow-sm">
        <div className="flex items-start gap-3">
          <SearchX aria-hidden className="mt-1 h-6 w-6 shrink-0 text-fg-muted" />
          <div className="min-w-0 space-y-2">
            <h1 className="text-xl font-semibold text-fg">{t("qrcodeDetail.notFound.title")}</h1>
            <p className="text-sm text-fg-muted">{t("qrcodeDetail.notFound.text")}</p>
            <p data-testid="searched-id" className="break-all rounded bg-surface-muted px-2 py-1 font-mono text-sm text-fg">
              {endToEnd || t("common.states.empty")}
            </p>
            {reason ? <p className="text-sm text-fg">{reason}</p> : null}
            <p className="text-sm text-fg-muted">{t("qrcodeDetail.notFound.hint")}</p>
          </div>
        </div>
        <div className="mt-5 flex flex-wrap gap-2">
          <Link href="/payments" className={buttonVariants({ variant: "secondary" })}>
            {t("paymentDetail.notFound.allPayments")}
          </Link>
          {canLookup ? <OpenLookupButton query={endToEnd} /> : null}
        </div>
      </div>
      {!reason && endToEnd ? <RelatedPayments endToEnd={endToEnd} /> : null}
    </div>
  );
}
