"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import type { FilterValues } from "@/components/data-table/features";
import { ListExplorer } from "@/components/data-table/list-explorer";
import { useRecentChanges } from "@/components/events/live-updates";
import type { PaymentListItem } from "@/lib/contract/payment";
import { paymentHref } from "@/lib/lookup/route-param";
import { paymentQueries } from "@/lib/queries/payments";
import { PAYMENTS_FILTER_KEYS, type IgnoredParam } from "@/lib/search-params/payments";
import { buildPaymentColumns, DEFAULT_HIDDEN_COLUMNS } from "./columns";
import { IgnoredParamsNotice } from "./ignored-params-notice";
import { PageOutOfRangeNotice, PaymentsTableSkeleton } from "./payments-bits";
import { PaymentsExport } from "./payments-export";
import { usePaymentsView } from "./use-payments-view";

const NO_ROWS: PaymentListItem[] = [];

/**
 * The payments explorer: URL state -> list query -> table. The server page has already put
 * this exact query in the cache, so the first paint has rows and no spinner. A payment a
 * webhook just changed flashes; a row opens the payment.
 */
export function PaymentsExplorer({
  ignored: ignoredAtLoad,
  userKey,
  canExport,
}: {
  ignored: IgnoredParam[];
  userKey: string;
  canExport: boolean;
}) {
  const t = useTranslations();
  const router = useRouter();
  // Built once per language: the labels, filters and chips are in the reader's words.
  const columns = useMemo(() => buildPaymentColumns(t), [t]);
  const { values, params, setFilters, setPage, dropFromUrl } = usePaymentsView();
  const query = useQuery({ ...paymentQueries.list(params), placeholderData: keepPreviousData });
  const [ignored, setIgnored] = useState(ignoredAtLoad);
  const recent = useRecentChanges();

  // A pasted link's unusable values: listed in the notice, and taken out of the URL at once.
  useEffect(() => {
    if (ignoredAtLoad.length > 0) dropFromUrl(ignoredAtLoad.map((item) => item.key));
  }, [ignoredAtLoad, dropFromUrl]);

  const filterValues = useMemo<FilterValues>(
    () => Object.fromEntries(PAYMENTS_FILTER_KEYS.map((key) => [key, values[key]])),
    [values],
  );
  const meta = query.data?.meta;
  const page = params.page ?? 1;
  const openPayment = useCallback(
    (payment: PaymentListItem) => router.push(paymentHref(payment.idempotent_id)),
    [router],
  );

  return (
    <ListExplorer
      options={{
        columns,
        rows: query.data?.payments ?? NO_ROWS,
        getRowId: (row) => row.idempotent_id,
        filterValues,
        page,
        totalPages: meta?.total_pages,
        setPage,
        storage: { columns: `payments-table.columns.v2.${userKey}`, density: `payments-table.density.v1.${userKey}` },
        defaultVisibility: DEFAULT_HIDDEN_COLUMNS,
        busy: query.isPlaceholderData && query.isFetching,
      }}
      query={query}
      meta={meta}
      setFilters={setFilters}
      words={{
        countLabel: t("payments.totals.payments"),
        countTestId: "total-payments",
        valueLabel: t("payments.totals.totalValue"),
        noFilters: t("payments.noFilters"),
        couldNotLoad: t("payments.couldNotLoad"),
        caption: t("payments.caption"),
        timesNote: t("payments.timesNote"),
        empty: { none: t("payments.empty.none"), noMatch: t("payments.empty.noMatch"), clearAll: t("payments.empty.clearAll") },
      }}
      skeleton={<PaymentsTableSkeleton />}
      actions={canExport ? <PaymentsExport params={params} expectedRows={meta?.total_items_amount} disabled={!meta || query.isError} /> : null}
      notices={<IgnoredParamsNotice ignored={ignored} onDismiss={() => setIgnored([])} />}
      afterChips={
        meta && page > Math.max(1, meta.total_pages) ? <PageOutOfRangeNotice page={page} lastPage={Math.max(1, meta.total_pages)} onGo={setPage} /> : null
      }
      onOpenRow={openPayment}
      rowClassName={(p) => (recent.has(p.idempotent_id) ? "flash-change" : undefined)}
    />
  );
}
