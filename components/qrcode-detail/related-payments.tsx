"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { DetailSection } from "@/components/payment-detail/detail-fields";
import { PaymentLinkList } from "@/components/payment-detail/payment-link-list";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { paymentQueries } from "@/lib/queries/payments";

/** The payments whose end_to_end is this one (the list filter matches by pattern: keep exact ones). */
export function RelatedPayments({ endToEnd }: { endToEnd: string }) {
  const t = useTranslations("qrcodeDetail");
  const query = useQuery(paymentQueries.list({ end_to_end: endToEnd }));
  const tableHref = `/payments?end_to_end=${encodeURIComponent(endToEnd)}`;
  const exact = query.data?.payments.filter((p) => p.end_to_end === endToEnd) ?? [];
  return (
    <DetailSection
      title={t("sections.related")}
      action={
        <Link href={tableHref} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-300">
          {t("related.openInTable")}
        </Link>
      }
    >
      {query.isPending ? (
        <div aria-busy="true" aria-label={t("related.loading")} className="space-y-2">
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState
          title={t("related.couldNotLoad")}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : exact.length === 0 ? (
        <p className="text-sm text-fg-muted">{t("related.none")}</p>
      ) : (
        <PaymentLinkList payments={exact} label={t("sections.related")} />
      )}
    </DetailSection>
  );
}
