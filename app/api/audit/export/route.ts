import { listAudit, recordAudit } from "@/lib/db/audit";
import { auditQuerySchema } from "@/lib/audit/filters";
import { MAX_STORE_PAGE_SIZE } from "@/lib/domain/pages";
import { auditExportColumns } from "@/lib/export/audit-columns";
import { pagedRows } from "@/lib/export/export-stream";
import { exportFormatQuery } from "@/lib/export/query";
import { exportResponse } from "@/lib/export/response";
import { clientIp, route } from "@/lib/http";
import { fileAnswer } from "@/lib/http/answers";
import { getDb } from "@/lib/db";

export const dynamic = "force-dynamic";

/** Entries read from the store at a time (the store's largest page). */

const exportQuerySchema = auditQuerySchema.and(exportFormatQuery);

export const GET = route(
  {
    name: "GET /api/audit/export",
    summary: "The audit log entries of the filters (every page) as one file, CSV in the Brazilian Excel dialect or ?format=xlsx",
    answers: { 200: fileAnswer(["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"], "The audit log entries of the filters, every page") },
    permission: "audit", query: exportQuerySchema, checkOrigin: true,
  },
  async ({ request, user, query, t }) => {
    const db = await getDb();
    const { format = "csv", action, actor, outcome, from } = query;
    // The log grows while it is read (this export's own entry included): the file holds what was
    // there when it was asked for, so offsets stay put from one page to the next.
    const asked = new Date();
    const to = query.to && query.to < asked ? query.to : asked;
    const filters = { action, actor, outcome, from, to };
    const first = await listAudit({ ...filters, page: 1, pageSize: MAX_STORE_PAGE_SIZE });
    const ip = clientIp(request);
    const detail = {
      filters: { action, actor, outcome, from: from?.toISOString(), to: to.toISOString() },
      format,
      expected_rows: first.total,
    };
    // Before any byte: an audit log that cannot be written refuses the export (recordAudit throws).
    await recordAudit({ actor: user, action: "audit.export", outcome: "started", ip, detail }, db);

    return exportResponse({
      format,
      fileBase: t("exports.fileNames.audit"),
      sheetName: t("exports.sheetNames.audit"),
      columns: auditExportColumns(t),
      next: pagedRows(first.entries, first.pageCount, async (page) => (await listAudit({ ...filters, page, pageSize: MAX_STORE_PAGE_SIZE })).entries),
      onFinish: (summary) =>
        recordAudit({
          actor: user,
          action: "audit.export",
          outcome: summary.completed ? "exported" : summary.error ? "failed" : "canceled",
          ip,
          detail: { ...detail, rows: summary.rows },
        }, db),
      headers: { "x-total-items": String(first.total), "x-total-pages": String(first.pageCount) },
    });
  },
);
