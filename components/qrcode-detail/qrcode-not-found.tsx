import { useTranslations } from "next-intl";
import Link from "next/link";
import { DetailNotFound } from "@/components/payment-detail/detail-not-found";
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
    <DetailNotFound
      words={{ title: t("qrcodeDetail.notFound.title"), text: t("qrcodeDetail.notFound.text"), hint: t("qrcodeDetail.notFound.hint") }}
      searched={endToEnd}
      reason={reason}
      actions={
        <>
          <Link href="/payments" className={buttonVariants({ variant: "secondary" })}>
            {t("paymentDetail.notFound.allPayments")}
          </Link>
          {canLookup ? <OpenLookupButton query={endToEnd} /> : null}
        </>
      }
      after={!reason && endToEnd ? <RelatedPayments endToEnd={endToEnd} /> : null}
    />
  );
}
