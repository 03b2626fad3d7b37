"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ListPaymentsParams } from "@/lib/contract/list";
import { readApiError } from "@/lib/domain/api-error";
import { createCsvLineCounter } from "@/lib/export/read-csv";
import { listQueryString } from "@/lib/queries/payments";

const PAGE_SIZE = 100;

export type ExportState =
  | { status: "idle" }
  | { status: "running"; rows: number; totalRows: number; pagesDone: number; totalPages: number }
  | { status: "done"; rows: number; fileName: string }
  | { status: "canceled" }
  | { status: "failed"; message: string };

/**
 * Downloads the CSV of the whole query. Progress is what has really arrived: rows counted in
 * the body as it streams (pages done = full pages of 100 rows received), against the totals
 * the server announces in X-Total-Items / X-Total-Pages. Cancel aborts the request, which
 * stops the server's page-by-page reading too.
 */
export function usePaymentsExport() {
  const [state, setState] = useState<ExportState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => {
    controller.current?.abort();
  }, []);

  const start = useCallback(async (params: ListPaymentsParams) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    const filters = { ...params };
    delete filters.page;
    setState({ status: "running", rows: 0, totalRows: 0, pagesDone: 0, totalPages: 0 });
    try {
      const response = await fetch(`/api/payments/export${listQueryString(filters)}`, {
        signal: abort.signal,
        credentials: "same-origin",
        cache: "no-store",
      });
      if (!response.ok || !response.body) {
        setState({ status: "failed", message: await errorMessage(response) });
        return;
      }
      const totalRows = Number(response.headers.get("x-total-items") ?? 0);
      const totalPages = Math.max(1, Number(response.headers.get("x-total-pages") ?? 1));
      const fileName = fileNameOf(response.headers.get("content-disposition"));
      const counter = createCsvLineCounter();
      const chunks: Uint8Array[] = [];
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        const rows = Math.max(0, counter.push(value) - 1); // minus the header row
        setState({ status: "running", rows, totalRows, pagesDone: Math.min(totalPages, Math.floor(rows / PAGE_SIZE)), totalPages });
      }
      const rows = Math.max(0, counter.lines - 1);
      saveFile(new Blob(chunks as BlobPart[], { type: "text/csv;charset=utf-8" }), fileName);
      setState({ status: "done", rows, fileName });
    } catch (error) {
      if (abort.signal.aborted) setState({ status: "canceled" });
      else setState({ status: "failed", message: error instanceof Error ? error.message : "The download stopped" });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  return { state, start, cancel };
}

async function errorMessage(response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => undefined);
  return readApiError(body)?.error ?? `The export failed (HTTP ${response.status})`;
}

function fileNameOf(disposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? "");
  return match?.[1] ?? "payments.csv";
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
