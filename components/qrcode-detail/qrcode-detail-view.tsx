"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { BackToPayments } from "@/components/payment-detail/back-to-payments";
import { DetailSkeleton } from "@/components/payment-detail/detail-skeleton";
import { ErrorState } from "@/components/ui/error-state";
import { isApiRequestError } from "@/lib/domain/api-client";
import { qrcodeQueries } from "@/lib/queries/payments";
import { BrCodePanel } from "./brcode-panel";
import { summarizeBrCode } from "./brcode-summary";
import { QrcodeNotFound } from "./qrcode-not-found";
import { CopyPasteSection, PartiesSection, QrcodeOverview, QrcodeRecordSection } from "./qrcode-sections";
import { RelatedPayments } from "./related-payments";

/** `/qrcodes/{end_to_end}`, read through the shared query key (prefetched on the server). */
export function QrcodeDetailView({ endToEnd, canLookup }: { endToEnd: string; canLookup: boolean }) {
  const t = useTranslations("qrcodeDetail");
  const query = useQuery(qrcodeQueries.detail(endToEnd));
  const content = query.data?.qrcode.content;
  const value = query.data?.qrcode.value_cents;
  const summary = useMemo(() => (content === undefined ? null : summarizeBrCode(content, value)), [content, value]);

  if (query.isPending) return <DetailSkeleton label={t("loading")} />;

  if (query.isError) {
    const err = query.error;
    if (isApiRequestError(err) && (err.status === 404 || err.status === 400)) {
      return <QrcodeNotFound endToEnd={endToEnd} reason={err.status === 400 ? err.message : undefined} canLookup={canLookup} />;
    }
    return (
      <div className="space-y-4">
        <BackToPayments />
        <h1 className="text-xl font-semibold text-fg">
          {t.rich("heading", { id: endToEnd, mono: (chunks) => <span className="break-all font-mono text-base">{chunks}</span> })}
        </h1>
        <ErrorState
          title={t("couldNotLoad")}
          error={err}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }

  const { qrcode } = query.data;
  return (
    <article aria-label={t("article")} className="space-y-5">
      <BackToPayments />
      <QrcodeOverview qrcode={qrcode} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-4">
          <CopyPasteSection content={qrcode.content} />
          {summary ? <BrCodePanel summary={summary} /> : null}
        </div>
        <div className="space-y-4">
          <QrcodeRecordSection qrcode={qrcode} />
          <PartiesSection qrcode={qrcode} />
          <RelatedPayments endToEnd={endToEnd} />
        </div>
      </div>
    </article>
  );
}
