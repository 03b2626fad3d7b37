import { listPaymentsParamsSchema } from "@/lib/contract";
import { recordAudit } from "@/lib/db/audit";
import { exportFormatQuery } from "@/lib/export/query";
import { exportResponse } from "@/lib/export/response";
import { pagedRows } from "@/lib/export/export-stream";
import { paymentExportColumns } from "@/lib/export/payments-columns";
import { clientIp, route } from "@/lib/http";
import { withBankData } from "@/lib/export/payment-rows";
import { listPayments } from "@/lib/payments-api";
import { fileAnswer } from "@/lib/http/answers";
import { getDb } from "@/lib/db";

// Streams to the end of the query, however long that takes: never cached, never prerendered.
export const dynamic = "force-dynamic";

const exportQuerySchema = listPaymentsParamsSchema.and(exportFormatQuery);

// A GET that starts a download of personal data: refused when another site asks (checkOrigin).
export const GET = route(
  {
    name: "GET /api/payments/export",
    summary: "Every page of the list query as one file (CSV in the Brazilian Excel dialect, or ?format=xlsx), streamed page by page",
    answers: { 200: fileAnswer(["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"], "Every page of the list query as one file") },
    permission: "export", query: exportQuerySchema, checkOrigin: true,
  },
  async ({ request, user, query, t }) => {
    const db = await getDb();
    const { format = "csv", ...rest } = query;
    // The export is the whole query: a `page` in the link is the table's, not the file's.
    const filters = { ...rest };
    delete filters.page;

    // Page 1 before the first byte: a provider failure here is still a proper JSON error.
    const first = await listPayments({ ...filters, page: 1 });
    const { total_pages, total_items_amount, total_value_cents } = first.meta;
    const ip = clientIp(request);
    const expected = { filters, format, expected_rows: total_items_amount, expected_pages: total_pages };
    // Recorded before any byte leaves: if the audit log cannot be written, recordAudit throws and
    // the caller gets an error instead of the file.
    await recordAudit({ actor: user, action: "payment.export", outcome: "started", ip, detail: expected }, db);

    return exportResponse({
      format,
      fileBase: t("exports.fileNames.payments"),
      sheetName: t("exports.sheetNames.payments"),
      columns: paymentExportColumns(t),
      next: pagedRows(await withBankData(first.payments), total_pages, async (page) => withBankData((await listPayments({ ...filters, page })).payments)),
      onFinish: (summary) =>
        recordAudit({
          actor: user,
          action: "payment.export",
          outcome: summary.completed ? "exported" : summary.error ? "failed" : "canceled",
          ip,
          detail: {
            ...expected,
            rows: summary.rows,
            pages: summary.pages,
            ...(summary.error ? { error: summary.error instanceof Error ? summary.error.message : String(summary.error) } : {}),
          },
        }, db),
      headers: {
        // For the progress bar: what the whole file will hold, as the provider counted it.
        "x-total-pages": String(total_pages),
        "x-total-items": String(total_items_amount),
        "x-total-value-cents": String(total_value_cents),
      },
    });
  },
);
