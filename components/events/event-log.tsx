"use client";

import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Inbox } from "lucide-react";
import { useQueryStates } from "nuqs";
import { Button } from "@/components/ui/button";
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
              {data.meta.total.toLocaleString("pt-BR")} {data.meta.total === 1 ? "notification" : "notifications"}
            </span>
          ) : null}
        </div>
      </div>

      {error && !data ? (
        <ErrorState title="Could not load the event log" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : isPending ? (
        <EventLogSkeleton />
      ) : data && data.events.length === 0 ? (
        <EmptyLog filtered={filtered} />
      ) : data ? (
        <>
          {error ? <ErrorState title="Could not refresh the event log" error={error} onRetry={() => void refetch()} retrying={isFetching} /> : null}
          <EventLogTable key={JSON.stringify(query)} events={data.events} />
          <nav aria-label="Pages" className="flex items-center justify-end gap-2">
            <Button size="icon" aria-label="Previous page" disabled={state.page <= 1} onClick={() => void setState({ page: state.page - 1 })}>
              <ChevronLeft aria-hidden className="h-4 w-4" />
            </Button>
            <span className="text-sm tabular-nums text-fg" aria-live="polite">
              Page {data.meta.page} of {Math.max(1, data.meta.total_pages)}
            </span>
            <Button
              size="icon"
              aria-label="Next page"
              disabled={state.page >= data.meta.total_pages}
              onClick={() => void setState({ page: state.page + 1 })}
            >
              <ChevronRight aria-hidden className="h-4 w-4" />
            </Button>
          </nav>
        </>
      ) : null}
    </div>
  );
}

function EmptyLog({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-surface px-4 py-10 text-center">
      <Inbox aria-hidden className="h-6 w-6 text-fg-muted" />
      <p className="font-medium text-fg">{filtered ? "No notification matches these filters" : "No notification received yet"}</p>
      <p className="max-w-md text-sm text-fg-muted">
        {filtered
          ? "The payment filter matches an idempotent_id or a reference code exactly."
          : "Each status change of a payment arrives here from the provider's webhook, as it happens."}
      </p>
    </div>
  );
}

export function EventLogSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the event log" className="flex flex-col gap-2 rounded-lg border border-border bg-surface p-3">
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} className="h-9" />
      ))}
    </div>
  );
}
