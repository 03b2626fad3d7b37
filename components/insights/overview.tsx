"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import type { ReactNode } from "react";
import { listParamLabel } from "@/components/data-table/param-label";
import { usePaymentStatusLabel } from "@/components/payments/status-badge";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { defaultRange } from "@/lib/insights/query";
import { overviewSearchParams, rangeProblem, toInsightsQuery } from "@/lib/insights/search-params";
import { brazilDayKey } from "@/lib/pix/time";
import { insightsQueries } from "@/lib/queries/insights";
import { ChartCard } from "./chart-card";
import { NextDaysCard } from "@/components/cash/next-days-card";
import { CostCentreCard } from "./cost-centre-card";
import { MoneyInCard } from "./money-in-card";
import { dayLabel, toStatusRows, toTimeRows } from "./chart-data";
import { StatusTable, TimeTable } from "./chart-tables";
import { HeadlineFigures } from "./headline-figures";
import { RangeToolbar, type ToolbarPatch } from "./range-toolbar";
import { StatusChart } from "./status-chart";
import { TimeChart } from "./time-chart";

/**
 * The overview: headline figures and two charts for a date range kept in the URL. Two insights
 * queries: by status (headline + status chart) and by day/week (stacked chart); the server
 * prefetches both with the same keys, so the first view renders without a spinner. `aside`: what
 * sits beside the heading (the available balance, for those who send or approve).
 */
export function Overview({ aside }: { aside?: ReactNode } = {}) {
  const t = useTranslations();
  const statusLabel = usePaymentStatusLabel();
  const [values, setValues] = useQueryStates(overviewSearchParams, { clearOnDefault: true });
  const statusQuery = useQuery({ ...insightsQueries.overview(toInsightsQuery(values, "status")), placeholderData: keepPreviousData });
  const timeQuery = useQuery({ ...insightsQueries.overview(toInsightsQuery(values, values.group_by)), placeholderData: keepPreviousData });

  const urlHasRange = !!(values.from && values.to && rangeProblem(values) === null);
  const range = urlHasRange
    ? { from: values.from!, to: values.to! }
    : (statusQuery.data?.range ?? defaultRange(brazilDayKey(new Date())));
  const rangeText =
    range.from === range.to
      ? t("overview.rangeOn", { day: dayLabel(range.from, true) })
      : t("overview.rangeFromTo", { from: dayLabel(range.from, true), to: dayLabel(range.to, true) });
  const field = values.date_field === "payment" ? "payment" : "registration";
  const emptyText = t(`overview.empty.${field}`, { range: rangeText });
  const filters = Object.entries(statusQuery.data?.filters ?? {}).map(([key, value]) => {
    const word = listParamLabel(key, t);
    return `${word} “${key === "status" ? statusLabel(value) : value}”`;
  });

  const onChange = (patch: ToolbarPatch) => void setValues(patch);
  const byStatusTitle = t("overview.cards.byStatus");

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-fg">{t("overview.title")}</h1>
          <p className="text-sm text-fg-muted" data-testid="overview-range">
            {t(`overview.subtitle.${field}`, { range: rangeText })} · {t("common.brazilTime")}
          </p>
        </div>
        {aside}
      </div>
      <RangeToolbar range={range} urlHasRange={urlHasRange} groupBy={values.group_by} dateField={values.date_field} onChange={onChange} />
      {filters.length ? (
        <Notice>
          {t("overview.filteredBy", { filters: filters.join(", ") })}{" "}
          <button
            type="button"
            className="underline"
            onClick={() => void setValues({ status: null, receiver_name: null, receiver_document: null, reference_code: null, end_to_end: null })}
          >
            {t("overview.clearFilters")}
          </button>
        </Notice>
      ) : null}
      <HeadlineFigures query={statusQuery} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ChartCard
          title={byStatusTitle}
          testId="status-card"
          query={statusQuery}
          emptyText={emptyText}
          render={(answer) => {
            const rows = toStatusRows(answer, statusLabel);
            return {
              chart: <StatusChart rows={rows} />,
              table: <StatusTable rows={rows} caption={t("overview.cards.captionStatus", { range: rangeText })} />,
            };
          }}
        />
        <ChartCard
          title={values.group_by === "week" ? t("overview.cards.byWeek") : t("overview.cards.byDay")}
          testId="time-card"
          query={timeQuery}
          emptyText={emptyText}
          refusedAction={
            values.group_by === "day" ? (
              <Button size="sm" onClick={() => onChange({ group_by: "week" })}>
                {t("overview.cards.groupByWeek")}
              </Button>
            ) : null
          }
          render={(answer) => {
            const rows = toTimeRows(answer);
            const grouping = answer.group_by === "week" ? "week" : "day";
            const caption = t(grouping === "week" ? "overview.cards.captionWeek" : "overview.cards.captionDay", { range: rangeText });
            return {
              chart: <TimeChart rows={rows} statuses={answer.statuses} grouping={grouping} />,
              table: <TimeTable rows={rows} statuses={answer.statuses} caption={caption} statusLabel={statusLabel} />,
            };
          }}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        <MoneyInCard range={range} rangeText={rangeText} />
        <CostCentreCard range={range} rangeText={rangeText} />
        <NextDaysCard />
      </div>
    </div>
  );
}
