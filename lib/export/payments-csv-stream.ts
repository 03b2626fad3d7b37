import type { ListPaymentsAnswer } from "@/lib/contract/list";
import { paymentsCsvHeader, paymentsCsvRows } from "./payments-csv";

export type CsvExportSummary = {
  rows: number;
  pages: number;
  /** false when the reader went away (cancel) or a page failed. */
  completed: boolean;
  error?: unknown;
};

type StreamOptions = {
  /** Page 1, fetched before the response starts so that its failure can still be a JSON error. */
  first: ListPaymentsAnswer;
  fetchPage: (page: number) => Promise<ListPaymentsAnswer>;
  onFinish?: (summary: CsvExportSummary) => void | Promise<void>;
};

/**
 * The CSV as a pull stream: memory holds one page being written and at most one page being
 * fetched, whatever the number of pages. The next provider page is requested while the
 * current one is on its way to the client (a concurrency-1 pipeline: never two at once).
 */
export function createPaymentsCsvStream({ first, fetchPage, onFinish }: StreamOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const totalPages = Math.max(1, first.meta.total_pages);
  let page = 0; // last page written
  let rows = 0;
  let next: Promise<ListPaymentsAnswer> | null = null;
  let finished = false;

  async function finish(summary: Omit<CsvExportSummary, "rows" | "pages">) {
    if (finished) return;
    finished = true;
    try {
      await onFinish?.({ rows, pages: page, ...summary });
    } catch (error) {
      console.error("[export] could not record the export", error);
    }
  }

  function prefetch(after: number) {
    if (after >= totalPages) {
      next = null;
      return;
    }
    next = fetchPage(after + 1);
    // Handled where it is awaited; this stops an "unhandled rejection" if the reader cancels first.
    next.catch(() => undefined);
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (page === 0) {
            page = 1;
            rows += first.payments.length;
            prefetch(1);
            controller.enqueue(encoder.encode(paymentsCsvHeader() + paymentsCsvRows(first.payments)));
          } else if (next) {
            const answer = await next;
            page += 1;
            if (answer.payments.length === 0) next = null; // the query shrank while we read: stop here
            else prefetch(page);
            rows += answer.payments.length;
            controller.enqueue(encoder.encode(paymentsCsvRows(answer.payments)));
          }
          if (!next && page >= 1) {
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
