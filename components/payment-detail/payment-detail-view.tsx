"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRecentlyChanged } from "@/components/events/live-updates";
import { paymentReceiptUrl, ReceiptButtons } from "@/components/receipts/receipt-buttons";
import { ErrorState } from "@/components/ui/error-state";
import { isApiRequestError } from "@/lib/domain/api-client";
import { paymentQueries } from "@/lib/queries/payments";
import { BackToPayments } from "./back-to-payments";
import { BrazilTimeNote, DetailSection } from "./detail-fields";
import { DetailSkeleton } from "./detail-skeleton";
import { LinkedQrcode } from "./linked-qrcode";
import { PaymentNotFound } from "./payment-not-found";
import { RegisteredNotice } from "./registered-notice";
import { DatesSection, IdentifiersSection, KeySection, PaymentOverview, ReceiverSection } from "./payment-sections";
import { StatusTimeline } from "./status-timeline";
import { buildTimeline } from "./timeline";

/**
 * `/payments/{idempotent_id}`. Reads through the shared query key (prefetched on the server),
 * so a live update that invalidates `paymentQueries.detail(id)` redraws this page.
 */
export function PaymentDetailView({
  idempotentId,
  canLookup,
  justRegistered = false,
}: {
  idempotentId: string;
  canLookup: boolean;
  /** Arrived from the register form (`?registered=1`): say so above the payment. */
  justRegistered?: boolean;
}) {
  const t = useTranslations();
  const query = useQuery(paymentQueries.detail(idempotentId));
  const changed = useRecentlyChanged(idempotentId);

  if (query.isPending) return <DetailSkeleton label={t("paymentDetail.loading")} />;

  if (query.isError) {
    const err = query.error;
    if (isApiRequestError(err) && (err.status === 404 || err.status === 400)) {
      return (
        <PaymentNotFound
          idempotentId={idempotentId}
          reason={err.status === 400 ? err.message : undefined}
          canLookup={canLookup}
        />
      );
    }
    return (
      <div className="space-y-4">
        <BackToPayments />
        <h1 className="text-xl font-semibold text-fg">
          {t.rich("paymentDetail.heading", {
            id: idempotentId,
            mono: (chunks) => <span className="break-all font-mono text-base">{chunks}</span>,
          })}
        </h1>
        <ErrorState
          title={t("paymentDetail.couldNotLoad")}
          error={err}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }

  const { payment } = query.data;
  return (
    <article aria-label={t("paymentDetail.article")} className="space-y-5">
      <BackToPayments />
      {justRegistered ? <RegisteredNotice /> : null}
      <PaymentOverview payment={payment} flash={changed} />
      {/* A comprovante exists once the provider completed the payment (it then has its end_to_end and date). */}
      {payment.status === "completed" && payment.end_to_end ? <ReceiptButtons url={paymentReceiptUrl(payment.idempotent_id)} /> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-4">
          <ReceiverSection payment={payment} />
          <KeySection payment={payment} />
          <IdentifiersSection payment={payment} />
          <DatesSection payment={payment} />
        </div>
        <div className="space-y-4">
          <DetailSection title={t("glossary.status")} action={<BrazilTimeNote />}>
            <StatusTimeline steps={buildTimeline(payment)} />
          </DetailSection>
          {payment.end_to_end ? <LinkedQrcode endToEnd={payment.end_to_end} /> : null}
        </div>
      </div>
    </article>
  );
}
