import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { exportResponse } from "@/lib/export/response";
import { clientIp, route } from "@/lib/http";
import { batchParamsSchema, resultsQuerySchema } from "@/lib/batches/query";
import { batchResultsColumns } from "@/lib/batches/results-columns";
import { getBatch } from "@/lib/batches/store";
import { ApiError } from "@/lib/http/api-error";
import { fileAnswer } from "@/lib/http/answers";

export const GET = route(
  {
    name: "GET /api/batches/[id]/results",
    summary: "Every row with its state, reference code and outcome (audited; same-site only)",
    answers: { 200: fileAnswer(["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"], "Every row with its state, reference code and outcome") },
    permission: "viewTransfers", params: batchParamsSchema, query: resultsQuerySchema, checkOrigin: true,
  },
  async ({ request, user, params, query, t }) => {
    const db = await getDb();
    const detail = await getBatch(db, params.id);
    if (!detail) throw new ApiError("not_found", "batches.errors.notFound");
    // No audit row, no file (the audit log fails closed).
    await recordAudit(
      { actor: user, action: "batch.export", target: params.id, outcome: "success", detail: { format: query.format, rows: detail.rows.length }, ip: clientIp(request) },
      db,
    );
    let sent = false;
    return exportResponse({
      format: query.format,
      fileBase: t("batches.results.fileBase"),
      sheetName: t("batches.results.sheet"),
      columns: batchResultsColumns(t),
      next: async () => {
        if (sent) return null;
        sent = true;
        return detail.rows;
      },
    });
  },
);
