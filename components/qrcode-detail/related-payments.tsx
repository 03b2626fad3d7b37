"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { DetailSection } from "@/components/payment-detail/detail-fields";
import { PaymentLinkList } from "@/components/payment-detail/payment-link-list";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { paymentQueries } from "@/lib/queries/payments";

/** The payments whose end_to_end is this one (the list filter matches by pattern: keep exact ones). */
export function RelatedPayments({ endToEnd }: { endToEnd: string }) {
  const query = useQuery(paymentQueries.list({ end_to_end: endToEnd }));
  const tableHref = `/payments?end_to_end=${encodeURIComponent(endToEnd)}`;
  const exact = query.data?.payments.filter((p) => p.end_to_end === endToEnd) ?? [];
  return (
    <DetailSection
      title="Payments with this end-to-end id"
      action={
        <Link href={tableHref} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-300">
          Open in the table
        </Link>
      }
    >
      {query.isPending ? (
        <div aria-busy="true" aria-label="Loading payments" className="space-y-2">
          <Skeleton className="h-10 w-full" />
        </div>
      ) : query.isError ? (
        <ErrorState
          title="Could not load the payments"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : exact.length === 0 ? (
        <p className="text-sm text-fg-muted">No payment in the list carries this end-to-end id.</p>
      ) : (
        <PaymentLinkList payments={exact} label="Payments with this end-to-end id" />
      )}
    </DetailSection>
  );
}
