"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { RowData } from "@tanstack/react-table";
import { useRef, type ReactNode } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { DataTableFilterChips } from "@/components/data-table/data-table-filter-chips";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { DataTableToolbar } from "@/components/data-table/data-table-toolbar";
import { DataTableColumnChooser, DataTableDensityToggle } from "@/components/data-table/data-table-view-options";
import type { FilterPatch } from "@/components/data-table/features";
import { ListEmptyState, ListTotals, RowRange } from "@/components/data-table/list-bits";
import { useListTable, type ListTableOptions } from "@/components/data-table/use-list-table";
import { useSlashToFocus } from "@/components/data-table/use-slash-to-focus";
import { ErrorState } from "@/components/ui/error-state";
import type { ListMeta } from "@/lib/contract/list";

export type ListExplorerWords = {
  countLabel: string;
  /** The count's test id ("total-payments", "total-charges"). */
  countTestId: string;
  valueLabel: string;
  noFilters: string;
  couldNotLoad: string;
  caption: string;
  timesNote: string;
  empty: { none: string; noMatch: string; clearAll: string };
};

/**
 * A provider list's page below its heading (payments, QR codes): totals and view options, the
 * filter toolbar and chips, then the table (or its loading shape, error with Retry, or empty
 * state) and the row range with pagination. The explorer gives its URL state, query, columns
 * and words; `actions`, `notices` and `afterChips` are its own extras.
 */
export function ListExplorer<TData extends RowData>({
  options,
  query,
  meta,
  setFilters,
  onToolbarChange = setFilters,
  words,
  skeleton,
  actions,
  notices,
  afterChips,
  onOpenRow,
  rowClassName,
}: {
  options: ListTableOptions<TData>;
  query: Pick<UseQueryResult, "isError" | "error" | "isFetching" | "refetch">;
  meta: ListMeta | undefined;
  setFilters: (patch: FilterPatch) => void;
  onToolbarChange?: (patch: FilterPatch) => void;
  words: ListExplorerWords;
  skeleton: ReactNode;
  actions?: ReactNode;
  notices?: ReactNode;
  afterChips?: ReactNode;
  onOpenRow: (row: TData) => void;
  rowClassName?: (row: TData) => string | undefined;
}) {
  const { table, filters, clearAll, active, density, setDensity, dimmed } = useListTable(options);
  const toolbar = useRef<HTMLDivElement>(null);
  useSlashToFocus(toolbar);
  const { rows, page, busy } = options;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ListTotals meta={meta} busy={busy} dimmed={dimmed} countLabel={words.countLabel} countTestId={words.countTestId} valueLabel={words.valueLabel} />
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <DataTableColumnChooser table={table} />
          {/* Cards on a phone have one density. */}
          <DataTableDensityToggle density={density} onChange={setDensity} className="max-md:hidden" />
        </div>
      </div>

      {notices}
      <DataTableToolbar ref={toolbar} filters={filters} values={options.filterValues} onChange={onToolbarChange} />
      <DataTableFilterChips active={active} onChange={setFilters} clearAll={clearAll} noneLabel={words.noFilters} />
      {afterChips}

      {query.isError ? (
        <ErrorState title={words.couldNotLoad} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : !meta ? (
        skeleton
      ) : rows.length === 0 && page <= Math.max(1, meta.total_pages) ? (
        <ListEmptyState active={active} onClearAll={() => setFilters(clearAll)} words={words.empty} />
      ) : (
        <DataTable
          table={table}
          caption={words.caption}
          cards
          density={density}
          busy={busy}
          dimmed={dimmed}
          onOpenRow={onOpenRow}
          rowClassName={rowClassName}
        />
      )}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <RowRange page={page} shown={rows.length} total={meta?.total_items_amount} busy={dimmed} />
          <span className="text-xs text-fg-muted">{words.timesNote}</span>
        </div>
        {!query.isError && meta ? <DataTablePagination page={page} pageCount={meta.total_pages} onPage={options.setPage} /> : null}
      </div>
    </div>
  );
}
