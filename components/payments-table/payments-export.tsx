"use client";

import { CheckCircle2, Download, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { ListPaymentsParams } from "@/lib/contract/list";
import { usePaymentsExport } from "./use-payments-export";

const count = new Intl.NumberFormat("pt-BR");

/** "Export CSV" of the whole query, with honest progress (pages done of total) and Cancel. */
export function PaymentsExport({
  params,
  expectedRows,
  disabled,
}: {
  params: ListPaymentsParams;
  expectedRows: number | undefined;
  disabled: boolean;
}) {
  const { state, start, cancel } = usePaymentsExport();

  if (state.status === "running") {
    const { pagesDone, totalPages, rows, totalRows } = state;
    const label = totalPages ? `Page ${pagesDone} of ${totalPages}` : "Starting…";
    return (
      <div className="flex items-center gap-2" data-testid="export-progress">
        <div className="flex w-48 flex-col gap-1">
          <div
            role="progressbar"
            aria-label="Export progress"
            aria-valuemin={0}
            aria-valuemax={totalPages || 1}
            aria-valuenow={pagesDone}
            aria-valuetext={`${label}, ${rows} of ${totalRows} rows`}
            className="h-2 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-500"
              style={{ width: `${totalPages ? Math.round((pagesDone / totalPages) * 100) : 0}%` }}
            />
          </div>
          <span className="text-xs tabular-nums text-fg-muted">
            {label} · {count.format(rows)} of {count.format(totalRows)} rows
          </span>
        </div>
        <Button size="sm" onClick={cancel}>
          <X aria-hidden className="h-4 w-4" /> Cancel
        </Button>
      </div>
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Button size="sm" onClick={() => void start(params)} disabled={disabled}>
        <Download aria-hidden className="h-4 w-4" /> Export CSV
      </Button>
      <span role="status" className="text-xs text-fg-muted">
        {state.status === "done" ? (
          <span className="inline-flex items-center gap-1">
            <CheckCircle2 aria-hidden className="h-3.5 w-3.5 text-green-700 dark:text-green-400" />
            Saved {state.fileName} ({count.format(state.rows)} rows)
            {expectedRows !== undefined && expectedRows !== state.rows
              ? ` — the list changed while exporting (${count.format(expectedRows)} now)`
              : ""}
          </span>
        ) : state.status === "canceled" ? (
          "Export canceled"
        ) : state.status === "failed" ? (
          <span className="text-red-700 dark:text-red-400">Export failed: {state.message}</span>
        ) : null}
      </span>
    </div>
  );
}
