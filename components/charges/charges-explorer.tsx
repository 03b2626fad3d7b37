"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import type { FilterValues } from "@/components/data-table/features";
import { ListExplorer } from "@/components/data-table/list-explorer";
import { Skeleton } from "@/components/ui/skeleton";
import type { Charge } from "@/lib/charges/answers";
import type { ListMeta } from "@/lib/contract/list";
import { formatBRL } from "@/lib/pix/money";
import { chargeQueries } from "@/lib/queries/charges";
import { CHARGES_FILTER_KEYS } from "@/lib/search-params/charges";
import { buildChargeColumns, DEFAULT_HIDDEN_CHARGE_COLUMNS } from "./columns";
import { useChargesView } from "./use-charges-view";

const NO_ROWS: Charge[] = [];

/**
 * The /charges list: URL state -> GET /api/charges -> the generic list explorer (the one data
 * table every list uses). The totals count everything the filters match, with what was received.
 */
export function ChargesExplorer({ userKey }: { userKey: string }) {
  const t = useTranslations();
  const router = useRouter();
  const columns = useMemo(() => buildChargeColumns(t), [t]);
  const { values, params, setFilters, setPage } = useChargesView();
  const query = useQuery({ ...chargeQueries.list(params), placeholderData: keepPreviousData });
  const filterValues = useMemo<FilterValues>(() => Object.fromEntries(CHARGES_FILTER_KEYS.map((key) => [key, values[key]])), [values]);
  const answer = query.data?.meta;
  // The generic totals read a provider list's meta: the same figures under its names.
  const meta: ListMeta | undefined = answer
    ? { current_page: answer.page, total_pages: answer.total_pages, total_items_amount: answer.total, total_value_cents: answer.total_value_cents }
    : undefined;

  return (
    <ListExplorer
      options={{
        columns,
        rows: query.data?.charges ?? NO_ROWS,
        getRowId: (row) => row.id,
        filterValues,
        page: values.page,
        totalPages: answer?.total_pages,
        setPage,
        storage: { columns: `charges-table.columns.v1.${userKey}`, density: `charges-table.density.v1.${userKey}` },
        defaultVisibility: DEFAULT_HIDDEN_CHARGE_COLUMNS,
        busy: query.isPlaceholderData && query.isFetching,
      }}
      query={query}
      meta={meta}
      setFilters={setFilters}
      words={{
        countLabel: t("charges.totals.count"),
        countTestId: "total-charges-issued",
        valueLabel: t("charges.totals.value"),
        noFilters: t("charges.filters.none"),
        couldNotLoad: t("charges.couldNotLoad"),
        caption: t("charges.table.caption"),
        timesNote: t("charges.timesNote"),
        empty: { none: t("charges.table.none"), noMatch: t("charges.table.empty"), clearAll: t("charges.filters.clear") },
      }}
      skeleton={
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      }
      actions={
        answer ? (
          <span className="text-sm text-fg-muted" data-testid="charges-received">
            {t("charges.totals.received")}: <span className="font-medium text-fg">{formatBRL(answer.paid_value_cents)}</span>
          </span>
        ) : null
      }
      onOpenRow={(row) => router.push(`/charges/${encodeURIComponent(row.id)}`)}
    />
  );
}
