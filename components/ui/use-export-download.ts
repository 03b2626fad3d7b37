"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { DownloadFormat } from "@/lib/export/columns";

export type ExportState =
  | { status: "idle" }
  | { status: "running"; format: DownloadFormat | null; rows: number | null; totalRows: number | null; bytes: number }
  | { status: "done"; format: DownloadFormat; fileName: string; rows: number | null }
  | { status: "canceled" }
  /** `reason`: the server's words; null when it gave none (`httpStatus` then says what happened). */
  | { status: "failed"; reason: string | null; httpStatus: number | null };

/**
 * One export at a time: start(url) downloads it with progress (what has really arrived), cancel()
 * aborts the request (the server stops reading pages too). Leaving the page aborts it as well.
 */
export function useExportDownload() {
  const [state, setState] = useState<ExportState>({ status: "idle" });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const cancel = useCallback(() => controller.current?.abort(), []);

  const start = useCallback(async (url: string) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    let running: Extract<ExportState, { status: "running" }> = { status: "running", format: null, rows: null, totalRows: null, bytes: 0 };
    setState(running);
    // The download code (streamed reading, progress, saving) is fetched at the first export.
    let download: typeof import("@/lib/export/download") | undefined;
    try {
      download = await import("@/lib/export/download");
      const done = await download.downloadExport(url, {
        signal: abort.signal,
        onStart: ({ format, totalRows }) => setState((running = { ...running, format, totalRows })),
        onProgress: ({ bytes, rows }) => setState((running = { ...running, bytes, rows })),
      });
      setState({ status: "done", format: done.format, fileName: done.fileName, rows: done.rows });
    } catch (error) {
      if (abort.signal.aborted) setState({ status: "canceled" });
      else if (download && error instanceof download.ExportRequestError) setState({ status: "failed", reason: error.reason, httpStatus: error.status });
      else setState({ status: "failed", reason: null, httpStatus: null });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  return { state, start, cancel };
}
