import "server-only";
import type { Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { getEnv } from "@/lib/env";
import type { ExportSummary } from "@/lib/export/export-stream";
import { attachment, exportFileName } from "@/lib/export/file-name";
import { exportResponse } from "@/lib/export/response";
import { NO_STORE } from "@/lib/http";
import type { Translator } from "@/lib/i18n/server";
import { getCachedBalance } from "@/lib/payments-api";
import { statementExportColumns } from "./columns";
import type { Movement } from "./movements";
import { ofxBytes, ofxHead, ofxTail, ofxTransactions } from "./ofx";
import type { StatementFormat, StatementPeriod } from "./period-rules";
import { statementPages } from "./source";
import { logLine } from "@/lib/http/logger";

type ExportOptions = {
  format: StatementFormat;
  period: StatementPeriod;
  actor: { id: string; email: string };
  ip: string | null;
  t: Translator;
  /** The store the export's audit rows go to. */
  db: Tx;
  now?: Date;
};

/**
 * The statement as a file (OFX, CSV or XLSX), every page of the period streamed as it is read.
 * The first page pair and the balance are read before the answer starts (a provider failure is
 * still a JSON error), and the audit row is written before the first byte (statement.export).
 */
export async function statementExportResponse(options: ExportOptions): Promise<Response> {
  const { format, period, actor, ip, t, db } = options;
  const now = options.now ?? new Date();
  const [pages, balance] = await Promise.all([statementPages(period), getCachedBalance()]);
  const expectedRows = pages.first.counts.in + pages.first.counts.out;
  const detail = { ...period, format, expected_rows: expectedRows, in_cents: pages.first.totals.in_cents, out_cents: pages.first.totals.out_cents };
  await recordAudit({ actor, action: "statement.export", outcome: "started", ip, detail }, db);
  const onFinish = (summary: ExportSummary) =>
    recordAudit({
      actor,
      action: "statement.export",
      outcome: summary.completed ? "exported" : summary.error ? "failed" : "canceled",
      ip,
      detail: { ...detail, rows: summary.rows, ...(summary.error ? { error: summary.error instanceof Error ? summary.error.message : String(summary.error) } : {}) },
    }, db);
  const headers = { "x-total-items": String(expectedRows), "x-total-in-cents": String(pages.first.totals.in_cents), "x-total-out-cents": String(pages.first.totals.out_cents) };
  const fileBase = `${t("statement.fileNames.statement")}_${period.start}_${period.end}`;

  if (format !== "ofx") {
    return exportResponse({ format, fileBase, sheetName: t("statement.sheetName"), columns: statementExportColumns(t), next: pages.next, onFinish, headers, now });
  }
  const body = ofxStream({
    head: ofxHead({ period, account: { bankId: "0000", accountId: getEnv().company?.document ?? "0" }, now }),
    tail: ofxTail({ balanceCents: balance.totalCents, now }),
    words: { out: t("statement.kinds.out"), in: t("statement.kinds.in") },
    next: pages.next,
    onFinish,
  });
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "content-type": "application/x-ofx",
      "content-disposition": attachment(exportFileName(fileBase, "ofx", now)),
      "x-content-type-options": "nosniff",
      "x-export-format": "ofx",
      ...headers,
    },
  });
}

/** OFX bytes page by page: the head, each page's STMTTRNs as it is read, the tail. */
function ofxStream(options: {
  head: string;
  tail: string;
  words: { out: string; in: string };
  next: () => Promise<Movement[] | null>;
  onFinish: (summary: ExportSummary) => Promise<void>;
}): ReadableStream<Uint8Array> {
  let started = false;
  let rows = 0;
  let pages = 0;
  let finished = false;
  const finish = async (summary: Pick<ExportSummary, "completed" | "error">) => {
    if (finished) return;
    finished = true;
    try {
      await options.onFinish({ rows, pages, ...summary });
    } catch (error) {
      logLine("error", "statement: could not record the end of the export", { error });
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const head = started ? "" : options.head;
          started = true;
          const page = await options.next();
          if (page && page.length > 0) {
            rows += page.length;
            pages += 1;
            controller.enqueue(ofxBytes(head + ofxTransactions(page, options.words)));
            return;
          }
          controller.enqueue(ofxBytes(head + options.tail));
          controller.close();
          await finish({ completed: true });
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
