"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTable, type ColumnVisibilityState, type PaginationState, type Updater } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useRef, useState } from "react";
import { DataTable, type Density } from "@/components/data-table/data-table";
import { DataTableFilterChips } from "@/components/data-table/data-table-filter-chips";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { DataTableToolbar } from "@/components/data-table/data-table-toolbar";
import { DataTableColumnChooser, DataTableDensityToggle } from "@/components/data-table/data-table-view-options";
import { dataTableFeatures, type FilterValues } from "@/components/data-table/features";
import { clearAllPatch, describeActiveFilters, orderFilters } from "@/components/data-table/filter-descriptions";
import { useDelayedFlag } from "@/components/data-table/use-delayed-flag";
import { useSlashToFocus } from "@/components/data-table/use-slash-to-focus";
import { useStoredState } from "@/components/data-table/use-stored-state";
import { RowRange } from "@/components/payments-table/payments-bits";
import { ErrorState } from "@/components/ui/error-state";
import { Notice } from "@/components/ui/notice";
import type { QrcodeListItem } from "@/lib/contract/qrcode-list";
import { hasMembers } from "@/lib/domain/answer";
import { PROVIDER_PAGE_SIZE } from "@/lib/domain/pages";
import { qrcodeHref } from "@/lib/lookup/route-param";
import { qrcodeListQueries } from "@/lib/queries/qrcodes-list";
import { QRCODES_FILTER_KEYS } from "@/lib/search-params/qrcodes";
import { buildQrcodeColumns, DEFAULT_HIDDEN_QRCODE_COLUMNS } from "./columns";
import { QrcodesEmptyState, QrcodesTableSkeleton, QrcodesTotals } from "./qrcodes-bits";
import { useQrcodesView } from "./use-qrcodes-view";

const DIM_AFTER_MS = 150;
const NO_ROWS: QrcodeListItem[] = [];
const readVisibility = (stored: unknown): ColumnVisibilityState | undefined =>
  hasMembers(stored, {}) && Object.values(stored).every((shown) => typeof shown === "boolean") ? (stored as ColumnVisibilityState) : undefined;
const readDensity = (stored: unknown): Density | undefined => (stored === "compact" || stored === "comfortable" ? stored : undefined);

/**
 * The charges (QR codes) explorer: URL state -> GET /api/qrcodes -> the payments explorer's
 * generic table. The server page put this exact query in the cache: the first paint has rows.
 * A row opens its QR code record (by end-to-end ID); an unpaid charge has none yet. A QR code
 * notification invalidates `["qrcodes"]`, which refetches the page shown (live).
 */
export function QrcodesExplorer({ userKey, ignored }: { userKey: string; ignored: string[] }) {
  const t = useTranslations();
  const router = useRouter();
  const columns = useMemo(() => buildQrcodeColumns(t), [t]);
  const filters = useMemo(() => orderFilters(columns.flatMap((column) => (column.meta?.filter ? [column.meta.filter] : []))), [columns]);
  const clearAll = useMemo(() => clearAllPatch(filters), [filters]);
  const { values, params, setFilters, setPage } = useQrcodesView();
  const query = useQuery({ ...qrcodeListQueries.list(params), placeholderData: keepPreviousData });
  const [notice, setNotice] = useState(ignored);
  const toolbar = useRef<HTMLDivElement>(null);
  useSlashToFocus(toolbar);

  const [columnVisibility, setColumnVisibility] = useStoredState(`qrcodes-table.columns.v1.${userKey}`, readVisibility, DEFAULT_HIDDEN_QRCODE_COLUMNS);
  const [density, setDensity] = useStoredState<Density>(`qrcodes-table.density.v1.${userKey}`, readDensity, "comfortable");

  const filterValues = useMemo<FilterValues>(() => Object.fromEntries(QRCODES_FILTER_KEYS.map((key) => [key, values[key]])), [values]);
  const active = useMemo(() => describeActiveFilters(filters, filterValues), [filters, filterValues]);
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: params.page ? params.page - 1 : 0, pageSize: PROVIDER_PAGE_SIZE }), [params.page]);
  const meta = query.data?.meta;

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: query.data?.qrcodes ?? NO_ROWS,
    getRowId: (row) => row.reference_code,
    manualPagination: true,
    pageCount: meta ? Math.max(1, meta.total_pages) : -1,
    initialState: { columnVisibility: DEFAULT_HIDDEN_QRCODE_COLUMNS },
    state: { pagination, columnVisibility },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === "function" ? updater(pagination) : updater;
      setPage(next.pageIndex + 1);
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      setColumnVisibility(typeof updater === "function" ? updater(columnVisibility) : updater);
    },
  });

  const openRecord = useCallback((q: QrcodeListItem) => {
    if (q.end_to_end) router.push(qrcodeHref(q.end_to_end));
  }, [router]);

  const busy = query.isPlaceholderData && query.isFetching;
  const dimmed = useDelayedFlag(busy, DIM_AFTER_MS);
  const rows = query.data?.qrcodes ?? NO_ROWS;
  const page = params.page ?? 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <QrcodesTotals meta={meta} busy={busy} dimmed={dimmed} />
        <div className="flex flex-wrap items-center gap-2">
          <DataTableColumnChooser table={table} />
          <DataTableDensityToggle density={density} onChange={setDensity} className="max-md:hidden" />
        </div>
      </div>
      {notice.length > 0 ? <Notice>{t("qrcodes.ignored", { values: notice.join(", ") })}</Notice> : null}
      <DataTableToolbar ref={toolbar} filters={filters} values={filterValues} onChange={(patch) => {
        setNotice([]);
        setFilters(patch);
      }} />
      <DataTableFilterChips active={active} onChange={setFilters} clearAll={clearAll} noneLabel={t("qrcodes.noFilters")} />

      {query.isError ? (
        <ErrorState title={t("qrcodes.couldNotLoad")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !query.data ? (
        <QrcodesTableSkeleton />
      ) : rows.length === 0 && page <= Math.max(1, query.data.meta.total_pages) ? (
        <QrcodesEmptyState active={active} onClearAll={() => setFilters(clearAll)} />
      ) : (
        <DataTable table={table} caption={t("qrcodes.caption")} cards density={density} busy={busy} dimmed={dimmed} onOpenRow={openRecord} />
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <RowRange page={page} shown={rows.length} total={meta?.total_items_amount} busy={dimmed} />
          <span className="text-xs text-fg-muted">{t("qrcodes.timesNote")}</span>
        </div>
        {!query.isError && query.data ? <DataTablePagination table={table} /> : null}
      </div>
    </div>
  );
}
