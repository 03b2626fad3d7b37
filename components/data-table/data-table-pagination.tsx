"use client";

import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

const count = new Intl.NumberFormat("pt-BR");

/**
 * Previous / next around "Page N of M" (numbers in Brazilian format whatever the language), with
 * first and last for lists thousands of pages long (`ends`). `page` is 1-based; `pageCount` comes
 * from the answer's `meta`.
 */
export function DataTablePagination({
  page,
  pageCount,
  onPage,
  ends = true,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  ends?: boolean;
}) {
  const t = useTranslations("table");
  const last = Math.max(1, pageCount);
  return (
    <nav aria-label={t("pages")} className="flex items-center gap-1.5">
      {ends ? (
        <Button size="icon" aria-label={t("firstPage")} onClick={() => onPage(1)} disabled={page <= 1}>
          <ChevronsLeft aria-hidden className="h-4 w-4" />
        </Button>
      ) : null}
      <Button size="icon" aria-label={t("previousPage")} onClick={() => onPage(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden className="h-4 w-4" />
      </Button>
      <span className="min-w-[7.5rem] px-1 text-center text-sm tabular-nums text-fg" aria-live="polite" data-testid="page-status">
        {t("pageOf", { page: count.format(page), count: count.format(last) })}
      </span>
      <Button size="icon" aria-label={t("nextPage")} onClick={() => onPage(page + 1)} disabled={page >= last}>
        <ChevronRight aria-hidden className="h-4 w-4" />
      </Button>
      {ends ? (
        <Button size="icon" aria-label={t("lastPage")} onClick={() => onPage(last)} disabled={page >= last}>
          <ChevronsRight aria-hidden className="h-4 w-4" />
        </Button>
      ) : null}
    </nav>
  );
}
