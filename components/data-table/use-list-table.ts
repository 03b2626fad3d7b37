"use client";

import { useTable, type ColumnVisibilityState, type PaginationState, type RowData, type TableOptions, type Updater } from "@tanstack/react-table";
import { useMemo } from "react";
import type { Density } from "@/components/data-table/data-table-row";
import { dataTableFeatures, type DataTableFeatures, type FilterValues } from "@/components/data-table/features";
import { clearAllPatch, describeActiveFilters, orderFilters } from "@/components/data-table/filter-descriptions";
import { useDelayedFlag } from "@/components/data-table/use-delayed-flag";
import { useStoredState } from "@/components/data-table/use-stored-state";
import { hasMembers } from "@/lib/domain/answer";
import { PROVIDER_PAGE_SIZE } from "@/lib/domain/pages";

const DIM_AFTER_MS = 150;

/** Stored choices: column id -> shown, and the density; anything else falls back to the default. */
const readVisibility = (stored: unknown): ColumnVisibilityState | undefined =>
  hasMembers(stored, {}) && Object.values(stored).every((shown) => typeof shown === "boolean") ? (stored as ColumnVisibilityState) : undefined;
const readDensity = (stored: unknown): Density | undefined => (stored === "compact" || stored === "comfortable" ? stored : undefined);

export type ListTableOptions<TData extends RowData> = {
  columns: TableOptions<DataTableFeatures, TData>["columns"];
  rows: TData[];
  getRowId: (row: TData) => string;
  /** The URL's values of the filter keys (`values[key]`). */
  filterValues: FilterValues;
  page: number;
  /** `meta.total_pages` of the answer shown, undefined before the first one. */
  totalPages: number | undefined;
  setPage: (page: number) => void;
  /** Where this person's column and density choices are kept (`<table>.columns.v1.<user>`, `<table>.density.v1.<user>`). */
  storage: { columns: string; density: string };
  defaultVisibility: ColumnVisibilityState;
  /** The query is fetching the next view while the previous one is shown. */
  busy: boolean;
};

/**
 * The state of a provider list's table (payments, QR codes), shared by both explorers: filters
 * read from the columns' `meta`, the chips' active filters, server-side pagination by the URL's
 * page, the column and density choices kept per person, and the dimming of a slow answer
 * (a quick answer replaces the page without dimming it first).
 */
export function useListTable<TData extends RowData>(options: ListTableOptions<TData>) {
  const { columns, rows, getRowId, filterValues, page, totalPages, setPage, storage, defaultVisibility, busy } = options;
  const filters = useMemo(() => orderFilters(columns.flatMap((column) => (column.meta?.filter ? [column.meta.filter] : []))), [columns]);
  const clearAll = useMemo(() => clearAllPatch(filters), [filters]);
  const active = useMemo(() => describeActiveFilters(filters, filterValues), [filters, filterValues]);
  const [columnVisibility, setColumnVisibility] = useStoredState(storage.columns, readVisibility, defaultVisibility);
  const [density, setDensity] = useStoredState<Density>(storage.density, readDensity, "comfortable");
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: page - 1, pageSize: PROVIDER_PAGE_SIZE }), [page]);

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows,
    getRowId,
    manualPagination: true,
    pageCount: totalPages === undefined ? -1 : Math.max(1, totalPages),
    initialState: { columnVisibility: defaultVisibility },
    state: { pagination, columnVisibility },
    onPaginationChange: (updater: Updater<PaginationState>) => {
      const next = typeof updater === "function" ? updater(pagination) : updater;
      setPage(next.pageIndex + 1);
    },
    onColumnVisibilityChange: (updater: Updater<ColumnVisibilityState>) => {
      setColumnVisibility(typeof updater === "function" ? updater(columnVisibility) : updater);
    },
  });

  const dimmed = useDelayedFlag(busy, DIM_AFTER_MS);
  return { table, filters, clearAll, active, density, setDensity, dimmed };
}
