import "server-only";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { batches, transferRequests } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { csvHeader, csvRows } from "@/lib/export/csv";
import { exportFileName } from "@/lib/export/file-name";
import type { Locale } from "@/lib/i18n/config";
import type { Translator } from "@/lib/i18n/server";
import { receiptFileName } from "@/lib/receipts/file-name";
import { paidBatchRows, receiptFromTransfer, type TransferReceiptRefusal } from "@/lib/receipts/transfer-receipt";
import { receiptsZipStream, type ReceiptZipItem } from "@/lib/receipts/zip";
import { issueAuthentication } from "@/lib/receipts/authentication";
import { receiptUrlOf } from "@/lib/events/store";
import { ApiError } from "@/lib/http/api-error";
import { batchResultsColumns } from "./results-columns";
import { getBatch } from "./store";

type BatchReceipts =
  | { ok: true; stream: ReadableStream<Uint8Array>; fileName: string; paidRows: number }
  | { ok: false; refusal: TransferReceiptRefusal | { reason: "noPaidRows" } };

/**
 * A batch's receipts: one comprovante per paid row (named by row and receiver, with its
 * authentication code and the provider's receipt link like the single one) and the batch's
 * results file, as a ZIP streamed while it is made (the rows are read a page at a time, each PDF
 * made when the reader has taken the one before).
 */
export async function batchReceiptsZip(db: Db, batchId: string, o: { locale: Locale; t: Translator; now?: Date }): Promise<BatchReceipts> {
  const [batch] = await db.select({ id: batches.id }).from(batches).where(eq(batches.id, batchId));
  if (!batch) throw new ApiError("not_found", "batches.errors.notFound");
  const company = getEnv().company;
  if (!company) return { ok: false, refusal: { reason: "companyMissing" } };
  const [paid] = await db
    .select({ n: count() })
    .from(transferRequests)
    .where(and(eq(transferRequests.batchId, batchId), eq(transferRequests.state, "paid")));
  const paidRows = Number(paid?.n ?? 0);
  if (!paidRows) return { ok: false, refusal: { reason: "noPaidRows" } };
  const detail = await getBatch(db, batchId);
  const columns = batchResultsColumns(o.t);
  const csv = { fileName: `${o.t("batches.results.fileBase")}.csv`, text: csvHeader(columns) + csvRows(columns, detail?.rows ?? []) };
  async function* items(): AsyncGenerator<ReceiptZipItem> {
    for await (const row of paidBatchRows(db, batchId)) {
      // The provider's own receipt page, as on the single comprovante, when a webhook brought one.
      const receipt = receiptFromTransfer(row, company!, await receiptUrlOf(db, row.idempotentId));
      if (receipt.ok) yield { fileName: receiptFileName(row.batchLine ?? 0, row.receiverName), data: receipt.data, authentication: await issueAuthentication(db, receipt.data) };
    }
  }
  return {
    ok: true,
    stream: receiptsZipStream(items(), { csv, locale: o.locale }),
    fileName: exportFileName(o.t("receipts.batchZipName"), "zip", o.now ?? new Date()),
    paidRows,
  };
}
