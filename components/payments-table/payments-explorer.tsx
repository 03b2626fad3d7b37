"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTable, type ColumnVisibilityState, type PaginationState, type Updater } from "@tanstack/react-table";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { DataTable, type Density } from "@/components/data-table/data-table";
import { DataTableFilterChips } from "@/components/data-table/data-table-filter-chips";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { DataTableToolbar } from "@/components/data-table/data-table-toolbar";
import { DataTableColumnChooser, DataTableDensityToggle } from "@/components/data-table/data-table-view-options";
import { dataTableFeatures, type FilterValues } from "@/components/data-table/features";
import { clearAllPatch, describeActiveFilters, orderFilters } from "@/components/data-table/filter-descriptions";
import { useSlashToFocus } from "@/components/data-table/use-slash-to-focus";
import { useDelayedFlag } from "@/components/data-table/use-delayed-flag";
import { useStoredState } from "@/components/data-table/use-stored-state";
import { useRecentChanges } from "@/components/events/live-updates";
import { ErrorState } from "@/components/ui/error-state";
import type { PaymentListItem } from "@/lib/contract/payment";
import { hasMembers } from "@/lib/domain/answer";
import { PROVIDER_PAGE_SIZE } from "@/lib/domain/pages";
import { paymentHref } from "@/lib/lookup/route-param";
import { paymentQueries } from "@/lib/queries/payments";
import { PAYMENTS_FILTER_KEYS, type IgnoredParam } from "@/lib/search-params/payments";
import { buildPaymentColumns, DEFAULT_HIDDEN_COLUMNS } from "./columns";
import { IgnoredParamsNotice } from "./ignored-params-notice";
import { PageOutOfRangeNotice, PaymentsTableSkeleton, RowRange } from "./payments-bits";
import { PaymentsEmptyState } from "./payments-empty-state";
import { PaymentsExport } from "./payments-export";
import { PaymentsTotals } from "./payments-totals";
import { usePaymentsView } from "./use-payments-view";

const DIM_AFTER_MS = 150;
const NO_ROWS: PaymentListItem[] = [];
/** Stored choices: column id -> shown, and the density; anything else falls back to the default. */
const readVisibility = (stored: unknown): ColumnVisibilityState | undefined =>
  hasMembers(stored, {}) && Object.values(stored).every((shown) => typeof shown === "boolean") ? (stored as ColumnVisibilityState) : undefined;
const readDensity = (stored: unknown): Density | undefined =>
  stored === "compact" || stored === "comfortable" ? stored : undefined;
const DEFAULT_VISIBILITY: ColumnVisibilityState = DEFAULT_HIDDEN_COLUMNS;

/**
 * The payments explorer: URL state -> list query -> table. The server page has already put
 * this exact query in the cache, so the first paint has rows and no spinner.
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
  const filters = useMemo(() => orderFilters(columns.flatMap((column) => (column.meta?.filter ? [column.meta.filter] : []))), [columns]);
  const clearAll = useMemo(() => clearAllPatch(filters), [filters]);
  const { values, params, setFilters, setPage, dropFromUrl } = usePaymentsView();
  const query = useQuery({ ...paymentQueries.list(params), placeholderData: keepPreviousData });
  const [ignored, setIgnored] = useState(ignoredAtLoad);
  const recent = useRecentChanges();
  const toolbar = useRef<HTMLDivElement>(null);
  useSlashToFocus(toolbar);

  // A pasted link's unusable values: listed in the notice, and taken out of the URL at once.
  useEffect(() => {
    if (ignoredAtLoad.length > 0) dropFromUrl(ignoredAtLoad.map((item) => item.key));
  }, [ignoredAtLoad, dropFromUrl]);

  const [columnVisibility, setColumnVisibility] = useStoredState(`payments-table.columns.v2.${userKey}`, readVisibility, DEFAULT_VISIBILITY);
  const [density, setDensity] = useStoredState<Density>(`payments-table.density.v1.${userKey}`, readDensity, "comfortable");

  const filterValues = useMemo<FilterValues>(
    () => Object.fromEntries(PAYMENTS_FILTER_KEYS.map((key) => [key, values[key]])),
    [values],
  );
  const active = useMemo(() => describeActiveFilters(filters, filterValues), [filters, filterValues]);
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: params.page ? params.page - 1 : 0, pageSize: PROVIDER_PAGE_SIZE }), [params.page]);
  const meta = query.data?.meta;

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: query.data?.payments ?? NO_ROWS,
    getRowId: (row) => row.idempotent_id,
    manualPagination: true,
    pageCount: meta ? Math.max(1, meta.total_pages) : -1,
    initialState: { columnVisibility: DEFAULT_VISIBILITY },
    state: { pagination, columnVisibility },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === "function" ? updater(pagination) : updater;
      setPage(next.pageIndex + 1);
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      setColumnVisibility(typeof updater === "function" ? updater(columnVisibility) : updater);
    },
  });

  const openPayment = useCallback(
    (payment: PaymentListItem) => router.push(paymentHref(payment.idempotent_id)),
    [router],
  );

  const busy = query.isPlaceholderData && query.isFetching;
  // A quick answer replaces the page without dimming it first; a slow one (here > 150 ms) dims it.
  const dimmed = useDelayedFlag(busy, DIM_AFTER_MS);
  const rows = query.data?.payments ?? NO_ROWS;
  const page = params.page ?? 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PaymentsTotals meta={meta} busy={busy} dimmed={dimmed} />
        <div className="flex flex-wrap items-center gap-2">
          {canExport ? <PaymentsExport params={params} expectedRows={meta?.total_items_amount} disabled={!meta || query.isError} /> : null}
          <DataTableColumnChooser table={table} />
          {/* Cards on a phone have one density. */}
          <DataTableDensityToggle density={density} onChange={setDensity} className="max-md:hidden" />
        </div>
      </div>

      <IgnoredParamsNotice ignored={ignored} onDismiss={() => setIgnored([])} />
      <DataTableToolbar ref={toolbar} filters={filters} values={filterValues} onChange={setFilters} />
      <DataTableFilterChips active={active} onChange={setFilters} clearAll={clearAll} noneLabel={t("payments.noFilters")} />
      {meta && page > Math.max(1, meta.total_pages) ? (
        <PageOutOfRangeNotice page={page} lastPage={Math.max(1, meta.total_pages)} onGo={setPage} />
      ) : null}

      {query.isError ? (
        <ErrorState title={t("payments.couldNotLoad")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <PaymentsTableSkeleton />
      ) : rows.length === 0 && page <= Math.max(1, query.data.meta.total_pages) ? (
        <PaymentsEmptyState active={active} onClearAll={() => setFilters(clearAll)} />
      ) : (
        <DataTable
          table={table}
          caption={t("payments.caption")}
          cards
          density={density}
          busy={busy}
          dimmed={dimmed}
          onOpenRow={openPayment}
          rowClassName={(p) => (recent.has(p.idempotent_id) ? "flash-change" : undefined)}
        />
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <RowRange page={page} shown={rows.length} total={meta?.total_items_amount} busy={dimmed} />
          <span className="text-xs text-fg-muted">{t("payments.timesNote")}</span>
        </div>
        {!query.isError && query.data ? <DataTablePagination table={table} /> : null}
      </div>
    </div>
  );
}
