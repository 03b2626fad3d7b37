import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Locale } from "@/lib/i18n/config";
import { renderReceiptPdf, type ReceiptAuthentication } from "./pdf";
import type { ReceiptData } from "./receipt-data";
import { uniqueNames } from "./file-name";
import { logLine } from "@/lib/http/logger";

// fflate's Zip: entries pushed one at a time come out as bytes at once (a callback, no hidden
// queue), so a pull-driven stream holds one receipt at a time; no native code, no dependencies.
// archiver and yazl queue entries on Node streams of their own, a second layer of buffering here.

/** One comprovante of the ZIP, with its authentication (issued when the item is made, lazily). */
export type ReceiptZipItem = { fileName: string; data: ReceiptData; authentication: ReceiptAuthentication };

type ReceiptsZipOptions = {
  /** The batch's results file, stored beside the receipts. */
  csv: { fileName: string; text: string };
  locale: Locale;
  /** Printed in each receipt's footer; fixed in tests. */
  issuedAt?: Date;
  /** Called once: completed, canceled by the reader, or failed (with the error). */
  onFinish?: (summary: { receipts: number; completed: boolean; error?: unknown }) => void | Promise<void>;
};

/**
 * A ZIP of comprovantes streamed as it is made: the CSV first, then one PDF per item, each
 * rendered only when the reader has taken the bytes before it, so memory holds one receipt
 * whatever the number of items (5,000 measured by bench/receipts-zip.ts). PDFs are stored
 * (their content is compressed already); the CSV is deflated. Names are made safe for every
 * system and unique (file-name.ts).
 */
export function receiptsZipStream(items: AsyncIterable<ReceiptZipItem>, options: ReceiptsZipOptions): ReadableStream<Uint8Array> {
  const iterator = items[Symbol.asyncIterator]();
  const name = uniqueNames();
  const pending: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else pending.push(chunk);
  });
  const mtime = options.issuedAt ?? new Date();
  let started = false;
  let ended = false;
  let receipts = 0;
  let finished = false;

  async function finish(completed: boolean, error?: unknown) {
    if (finished) return;
    finished = true;
    try {
      await options.onFinish?.({ receipts, completed, ...(error === undefined ? {} : { error }) });
    } catch (err) {
      logLine("error", "receipts: could not record the end of the ZIP", { error: err });
    }
  }

  function add(entry: ZipPassThrough | ZipDeflate, bytes: Uint8Array) {
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(bytes, true);
  }

  /** Makes the next entry's bytes (or the archive's end); false when nothing is left. */
  async function produce(): Promise<boolean> {
    if (!started) {
      started = true;
      add(new ZipDeflate(name(options.csv.fileName), { level: 6 }), new TextEncoder().encode(options.csv.text));
      return true;
    }
    if (ended) return false;
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      zip.end();
      return true;
    }
    const pdf = await renderReceiptPdf(next.value.data, { locale: options.locale, issuedAt: options.issuedAt, authentication: next.value.authentication });
    add(new ZipPassThrough(name(next.value.fileName)), pdf);
    receipts += 1;
    return true;
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (pending.length === 0) {
            if (failed) throw failed;
            if (!(await produce())) {
              controller.close();
              await finish(true);
              return;
            }
          }
          controller.enqueue(concat(pending.splice(0)));
        } catch (error) {
          controller.error(error);
          await iterator.return?.();
          await finish(false, error);
        }
      },
      async cancel() {
        await iterator.return?.();
        await finish(false);
      },
    },
    { highWaterMark: 1 },
  );
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
