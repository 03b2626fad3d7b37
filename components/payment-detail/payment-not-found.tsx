import { useTranslations } from "next-intl";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { DetailNotFound } from "./detail-not-found";
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
  const t = useTranslations("paymentDetail.notFound");
  const fragment = idempotentId.slice(0, 100).trim();
  return (
    <DetailNotFound
      words={{ title: t("title"), text: t("text"), hint: t("hint") }}
      searched={idempotentId}
      reason={reason}
      actions={
        <>
          <Link href="/payments" className={buttonVariants({ variant: "secondary" })}>
            {t("allPayments")}
          </Link>
          {fragment ? (
            <Link href={`/payments?reference_code=${encodeURIComponent(fragment)}`} className={buttonVariants({ variant: "secondary" })}>
              {t("byReference")}
            </Link>
          ) : null}
          {canLookup ? <OpenLookupButton query={idempotentId} /> : null}
        </>
      }
    />
  );
}
