import { getDb } from "@/lib/db";
import { batchErrorsColumns } from "@/lib/batches/errors-file";
import { batchParamsSchema } from "@/lib/batches/query";
import { getBatchSummary, rowsWithErrors } from "@/lib/batches/store";
import { exportResponse } from "@/lib/export/response";
import { jsonError, route } from "@/lib/http";
import { ApiError } from "@/lib/http/api-error";
import { fileAnswer } from "@/lib/http/answers";

export const GET = route(
  {
    name: "GET /api/batches/[id]/errors",
    summary: "The rows with errors as a CSV (Brazilian Excel) with the line and the reason, to correct and upload again",
    answers: { 200: fileAnswer("text/csv", "The rows with errors, with the line and the reason") },
    permission: "viewTransfers", params: batchParamsSchema, checkOrigin: true,
  },
  async ({ params, t }) => {
    const db = await getDb();
    if (!(await getBatchSummary(db, params.id))) throw new ApiError("not_found", "batches.errors.notFound");
    const rows = await rowsWithErrors(db, params.id);
    if (!rows.length) return jsonError(409, t("batches.errors.noErrors"), { kind: "conflict" });
    let sent = false;
    return exportResponse({
      format: "csv",
      fileBase: t("batches.errorsFile.fileBase"),
      sheetName: t("batches.errorsFile.fileBase"),
      columns: batchErrorsColumns(t),
      next: async () => {
        if (sent) return null;
        sent = true;
        return rows;
      },
    });
  },
);
