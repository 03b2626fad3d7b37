import type { ExportColumn, ExportFormat } from "./columns";
import { csvHeader, csvRows } from "./csv";
import { createXlsxWriter, readChunk } from "./xlsx";
import { logLine } from "@/lib/http/logger";

/**
 * Columns + rows in pages -> a file as a byte stream (CSV or XLSX), with flat memory: a page
 * being written and at most one page being read ahead, whatever the number of pages. The next
 * page is asked for while the current one is on its way to the client (never two at once).
 */

/** The next page of rows; null (or an empty page) when there are no more. */
export type NextRows<Row> = () => Promise<readonly Row[] | null>;

export type ExportSummary = {
  rows: number;
  pages: number;
  /** false when the reader went away (cancel) or a page failed. */
  completed: boolean;
  error?: unknown;
};

type ExportStreamOptions<Row> = {
  format: ExportFormat;
  columns: readonly ExportColumn<Row>[];
  next: NextRows<Row>;
  /** The XLSX sheet's name (e.g. "Pagamentos"). */
  sheetName?: string;
  /** Called once: completed, canceled or failed. Its own failure is logged, not thrown. */
  onFinish?: (summary: ExportSummary) => void | Promise<void>;
};

/**
 * Pages of a list the provider counted: `first` (fetched before the response, so that its
 * failure is still a JSON error), then pages 2..totalPages. A page that comes back empty ends
 * the file (the query shrank while it was read).
 */
export function pagedRows<Row>(first: readonly Row[], totalPages: number, fetchPage: (page: number) => Promise<readonly Row[]>): NextRows<Row> {
  let page = 0;
  return async () => {
    page += 1;
    if (page === 1) return first;
    if (page > totalPages) return null;
    return fetchPage(page);
  };
}

/** Wraps `next` so that the following page is being fetched while the current one is written. */
function readAhead<Row>(next: NextRows<Row>): NextRows<Row> {
  let pending: Promise<readonly Row[] | null> | null = null;
  return async () => {
    const current = pending ?? next();
    pending = null;
    const rows = await current;
    if (rows && rows.length > 0) {
      pending = next();
      // Handled where it is awaited; this stops an "unhandled rejection" if the reader cancels first.
      pending.catch(() => undefined);
    }
    return rows;
  };
}

export function createExportStream<Row>(options: ExportStreamOptions<Row>): ReadableStream<Uint8Array> {
  const next = readAhead(options.next);
  let rows = 0;
  let pages = 0;
  let finished = false;

  async function finish(summary: Pick<ExportSummary, "completed" | "error">) {
    if (finished) return;
    finished = true;
    try {
      await options.onFinish?.({ rows, pages, ...summary });
    } catch (error) {
      logLine("error", "export: could not record the end of the export", { error });
    }
  }

  async function take(): Promise<readonly Row[] | null> {
    const page = await next();
    if (!page || page.length === 0) return null;
    rows += page.length;
    pages += 1;
    return page;
  }

  return options.format === "csv" ? csvStream(options.columns, take, finish) : xlsxStream(options, take, finish);
}

type Finish = (summary: Pick<ExportSummary, "completed" | "error">) => Promise<void>;

function csvStream<Row>(columns: readonly ExportColumn<Row>[], take: NextRows<Row>, finish: Finish): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const head = started ? "" : csvHeader(columns);
          started = true;
          const page = await take();
          if (page) controller.enqueue(encoder.encode(head + csvRows(columns, page)));
          else {
            if (head) controller.enqueue(encoder.encode(head));
            controller.close();
            await finish({ completed: true });
          }
        } catch (error) {
          controller.error(error);
          await finish({ completed: false, error });
        }
      },
      async cancel() {
        await finish({ completed: false });
      },
    },
    { highWaterMark: 1 },
  );
}

function xlsxStream<Row>(options: ExportStreamOptions<Row>, take: NextRows<Row>, finish: Finish): ReadableStream<Uint8Array> {
  const writer = createXlsxWriter(options.columns, options.sheetName ?? "Sheet1");
  let producing: Promise<void> | null = null;
  let stopped = false;

  async function produce() {
    try {
      for (let page = await take(); page && !stopped; page = await take()) await writer.addRows(page);
      if (!stopped) await writer.finish();
    } catch (error) {
      writer.output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        producing ??= produce();
        try {
          const chunk = await readChunk(writer.output);
          if (chunk) controller.enqueue(chunk);
          else {
            await producing;
            // Destroyed by cancel (or by a failed page: readChunk threw that) is not an end.
            if (stopped) return;
            controller.close();
            await finish({ completed: true });
          }
        } catch (error) {
          controller.error(error);
          await finish({ completed: false, error });
        }
      },
      async cancel() {
        stopped = true;
        writer.output.destroy();
        await finish({ completed: false });
      },
    },
    { highWaterMark: 1 },
  );
}
