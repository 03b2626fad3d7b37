"use client";

import type { ReactTable, RowData } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { DataTableFeatures } from "./features";

const count = new Intl.NumberFormat("pt-BR");

/** First / previous / next / last and "Page N of M", for server-side (manual) pagination. */
export function DataTablePagination<TData extends RowData>({ table }: { table: ReactTable<DataTableFeatures, TData> }) {
  const t = useTranslations("table");
  const page = table.state.pagination.pageIndex + 1;
  const pageCount = Math.max(1, table.getPageCount());
  return (
    <nav aria-label={t("pages")} className="flex items-center gap-1.5">
      <Button size="icon" aria-label={t("firstPage")} onClick={() => table.firstPage()} disabled={!table.getCanPreviousPage()}>
        <ChevronsLeft aria-hidden className="h-4 w-4" />
      </Button>
      <Button size="icon" aria-label={t("previousPage")} onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
        <ChevronLeft aria-hidden className="h-4 w-4" />
      </Button>
      <span className="min-w-[7.5rem] px-1 text-center text-sm tabular-nums text-fg" aria-live="polite" data-testid="page-status">
        {t("pageOf", { page: count.format(page), count: count.format(pageCount) })}
      </span>
      <Button size="icon" aria-label={t("nextPage")} onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
        <ChevronRight aria-hidden className="h-4 w-4" />
      </Button>
      <Button size="icon" aria-label={t("lastPage")} onClick={() => table.lastPage()} disabled={!table.getCanLastPage()}>
        <ChevronsRight aria-hidden className="h-4 w-4" />
      </Button>
    </nav>
  );
}
