"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { defaultRange } from "@/lib/insights/query";
import { overviewSearchParams, rangeProblem, toInsightsQuery } from "@/lib/insights/search-params";
import { brazilDayKey } from "@/lib/pix/time";
import { insightsQueries } from "@/lib/queries/insights";
import { ChartCard } from "./chart-card";
import { dayLabel, toStatusRows, toTimeRows } from "./chart-data";
import { StatusTable, TimeTable } from "./chart-tables";
import { HeadlineFigures } from "./headline-figures";
import { RangeToolbar, type ToolbarPatch } from "./range-toolbar";
import { StatusChart } from "./status-chart";
import { TimeChart } from "./time-chart";

/**
 * The overview: headline figures and two charts for a date range kept in the URL. Two insights
 * queries: by status (headline + status chart) and by day/week (stacked chart); the server
 * prefetches both with the same keys, so the first view renders without a spinner.
 */
export function Overview() {
  const [values, setValues] = useQueryStates(overviewSearchParams, { clearOnDefault: true });
  const statusQuery = useQuery({ ...insightsQueries.overview(toInsightsQuery(values, "status")), placeholderData: keepPreviousData });
  const timeQuery = useQuery({ ...insightsQueries.overview(toInsightsQuery(values, values.group_by)), placeholderData: keepPreviousData });

  const urlHasRange = !!(values.from && values.to && rangeProblem(values) === null);
  const range = urlHasRange
    ? { from: values.from!, to: values.to! }
    : (statusQuery.data?.range ?? defaultRange(brazilDayKey(new Date())));
  const fieldWord = values.date_field === "payment" ? "paid" : "registered";
  const rangeText =
    range.from === range.to ? `on ${dayLabel(range.from, true)}` : `from ${dayLabel(range.from, true)} to ${dayLabel(range.to, true)}`;
  const emptyText = `No payments ${fieldWord} ${rangeText}.`;
  const filters = Object.entries(statusQuery.data?.filters ?? {});

  const onChange = (patch: ToolbarPatch) => void setValues(patch);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h1 className="text-xl font-semibold text-fg">Overview</h1>
          <p className="text-sm text-fg-muted" data-testid="overview-range">
            Payments {fieldWord} {rangeText} (Brazil time)
          </p>
        </div>
      </div>
      <RangeToolbar range={range} urlHasRange={urlHasRange} groupBy={values.group_by} dateField={values.date_field} onChange={onChange} />
      {filters.length ? (
        <Notice>
          Filtered by {filters.map(([key, value]) => `${key.replaceAll("_", " ")} “${value}”`).join(", ")}.{" "}
          <button
            type="button"
            className="underline"
            onClick={() => void setValues({ status: null, receiver_name: null, receiver_document: null, reference_code: null, end_to_end: null })}
          >
            Clear filters
          </button>
        </Notice>
      ) : null}
      <HeadlineFigures query={statusQuery} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ChartCard
          title="Value and count by status"
          testId="status-card"
          query={statusQuery}
          emptyText={emptyText}
          render={(answer) => {
            const rows = toStatusRows(answer);
            return { chart: <StatusChart rows={rows} />, table: <StatusTable rows={rows} caption={`Value and count by status, ${rangeText}`} /> };
          }}
        />
        <ChartCard
          title={values.group_by === "week" ? "Value per week by status" : "Value per day by status"}
          testId="time-card"
          query={timeQuery}
          emptyText={emptyText}
          refusedAction={
            values.group_by === "day" ? (
              <Button size="sm" onClick={() => onChange({ group_by: "week" })}>
                Group by week
              </Button>
            ) : null
          }
          render={(answer) => {
            const rows = toTimeRows(answer);
            const grouping = answer.group_by === "week" ? "week" : "day";
            return {
              chart: <TimeChart rows={rows} statuses={answer.statuses} grouping={grouping} />,
              table: <TimeTable rows={rows} statuses={answer.statuses} caption={`Value and count per ${grouping} by status, ${rangeText}`} />,
            };
          }}
        />
      </div>
    </div>
  );
}
