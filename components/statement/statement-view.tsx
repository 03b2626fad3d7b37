"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { ExportButton } from "@/components/ui/export-button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBrazilDay } from "@/lib/pix/date-input";
import { statementQueries, statementUrl } from "@/lib/queries/statement";
import { statementPeriodOf, statementSearchParams } from "@/lib/search-params/statement";
import { STATEMENT_FORMATS, type StatementPeriod } from "@/lib/statement/period-rules";
import { MovementsTable } from "./movements-table";
import { PeriodPicker } from "./period-picker";
import { StatementTotals } from "./statement-totals";

/**
 * `/statement`: the period (in the URL: start, end, page), its totals and the balance, one page
 * of movements, and the files an ERP imports (OFX) or Excel opens (CSV, XLSX) for the whole period.
 */
export function StatementView() {
  const t = useTranslations();
  const [values, setValues] = useQueryStates(statementSearchParams, { clearOnDefault: true, history: "push" });
  // Read once per mount: the default period must not move under the user while the page is open.
  const [now] = useState(() => new Date());
  const period = statementPeriodOf(values, now);
  const query = useQuery(statementQueries.page(period, values.page));

  const choose = (next: StatementPeriod) => void setValues({ ...next, page: 1 });
  const pages = query.data?.meta.total_pages ?? 1;
  const counted = query.data ? query.data.counts.in + query.data.counts.out : undefined;

  return (
    <div className="flex flex-col gap-4">
      <PeriodPicker key={`${period.start}_${period.end}`} period={period} onChange={choose} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-fg" data-testid="statement-period">
          {t("formats.range.rangeText", { from: formatBrazilDay(period.start), to: formatBrazilDay(period.end) })}
        </p>
        <ExportButton testId="statement-export" formats={STATEMENT_FORMATS} expectedRows={counted} disabled={!query.data} href={(format) => statementUrl(period, { format })} />
      </div>
      {query.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true" aria-label={t("statement.loading")}>
          <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
          <Skeleton className="h-64" />
        </div>
      ) : query.isError ? (
        <ErrorState title={t("statement.couldNotLoad")} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <StatementTotals data={query.data} />
          <MovementsTable movements={query.data.movements} />
          <nav aria-label={t("statement.pagination.label")} className="flex flex-wrap items-center justify-between gap-2 text-sm text-fg-muted">
            <span>
              {t("statement.pagination.summary", { page: values.page, count: Math.max(1, pages) })} · {t("statement.table.pageNote")}
            </span>
            <span className="flex gap-2">
              <Button size="sm" disabled={values.page <= 1} onClick={() => void setValues({ page: values.page - 1 })}>
                {t("common.actions.previous")}
              </Button>
              <Button size="sm" disabled={values.page >= pages} onClick={() => void setValues({ page: values.page + 1 })}>
                {t("common.actions.next")}
              </Button>
            </span>
          </nav>
        </>
      )}
    </div>
  );
}
