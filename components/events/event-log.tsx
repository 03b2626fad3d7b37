"use client";

import { useQuery } from "@tanstack/react-query";
import { Inbox } from "lucide-react";
import { useTranslations } from "next-intl";
import { useQueryStates } from "nuqs";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { ErrorState } from "@/components/ui/error-state";
import { Skeleton } from "@/components/ui/skeleton";
import { webhookEventQueries } from "@/lib/events/queries";
import { eventLogSearchParams } from "@/lib/events/search-params";
import { EventLogFilters } from "./event-log-filters";
import { EventLogTable } from "./event-log-table";
import { useLiveUpdates } from "./live-updates";

/**
 * /events: every webhook delivery received, newest first. The URL holds the filters and the
 * page; new rows arrive live (the live stream invalidates this query).
 */
export function EventLog() {
  const t = useTranslations();
  useLiveUpdates(); // shared with the shell's connection when the layout mounts one too
  const [state, setState] = useQueryStates(eventLogSearchParams, { clearOnDefault: true });
  const query = { payment: state.payment || undefined, result: state.result ?? undefined, page: state.page };
  const { data, error, isPending, isFetching, refetch } = useQuery(webhookEventQueries.list(query));
  const filtered = Boolean(state.payment || state.result);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <EventLogFilters
          payment={state.payment}
          result={state.result}
          onChange={(next) => void setState({ ...next, page: 1 })}
        />
        <div className="flex items-center gap-3 pb-5 text-sm text-fg-muted">
          {data ? (
            <span aria-live="polite">
              {t("events.count", { n: data.meta.total, count: data.meta.total.toLocaleString("pt-BR") })}
            </span>
          ) : null}
        </div>
      </div>

      {error && !data ? (
        <ErrorState title={t("events.couldNotLoad")} error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : isPending ? (
        <EventLogSkeleton />
      ) : data && data.events.length === 0 ? (
        <EmptyLog filtered={filtered} />
      ) : data ? (
        <>
          {error ? <ErrorState title={t("events.couldNotRefresh")} error={error} onRetry={() => void refetch()} retrying={isFetching} /> : null}
          <EventLogTable key={JSON.stringify(query)} events={data.events} />
          <div className="flex justify-end">
            <DataTablePagination page={state.page} pageCount={data.meta.total_pages} onPage={(page) => void setState({ page })} ends={false} />
          </div>
        </>
      ) : null}
    </div>
  );
}

function EmptyLog({ filtered }: { filtered: boolean }) {
  const t = useTranslations("events.empty");
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-surface px-4 py-10 text-center">
      <Inbox aria-hidden className="h-6 w-6 text-fg-muted" />
      <p className="font-medium text-fg">{filtered ? t("filtered") : t("none")}</p>
      <p className="max-w-md text-sm text-fg-muted">{filtered ? t("filteredHint") : t("noneHint")}</p>
    </div>
  );
}

export function EventLogSkeleton() {
  const t = useTranslations("events");
  return (
    <div aria-busy="true" aria-label={t("loading")} className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}
