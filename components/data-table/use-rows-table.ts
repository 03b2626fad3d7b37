"use client";

import { useTable, type RowData, type TableOptions } from "@tanstack/react-table";
import { dataTableFeatures } from "@/components/data-table/features";
import type { DataTableFeatures } from "@/components/data-table/features";

/**
 * The table of a list whose page, filters and sort live in its own URL state and are applied by
 * the server (transfers, the inbox, the audit log...): the rows given are the rows shown, in order.
 * Provider lists with a column chooser and filter chips use `useListTable` instead.
 */
export function useRowsTable<TData extends RowData>(
  columns: TableOptions<DataTableFeatures, TData>["columns"],
  rows: TData[],
  getRowId: (row: TData) => string,
) {
  return useTable({ features: dataTableFeatures, columns, data: rows, getRowId, manualPagination: true });
}
