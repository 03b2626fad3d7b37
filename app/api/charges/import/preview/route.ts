import { getDb } from "@/lib/db";
import { jsonOk, localize, route } from "@/lib/http";
import { MAX_UPLOAD_BODY_BYTES } from "@/lib/batches/limits";
import { chargeImportPreviewAnswer } from "@/lib/charges/answers";
import { previewAnswerRows, previewChargeRows, previewTotals } from "@/lib/charges/import-preview";
import { readChargeUpload } from "@/lib/charges/upload";

export const POST = route(
  {
    name: "POST /api/charges/import/preview",
    summary: "What importing this CSV or XLSX would do, row by row (new, existing, repeated, invalid with its reason and line) and its totals; nothing is made",
    answers: { 200: chargeImportPreviewAnswer },
    permission: "register", rawBody: { maxBytes: MAX_UPLOAD_BODY_BYTES },
    rawBodyTypes: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "multipart/form-data"],
  },
  async ({ request, t }) => {
    const upload = await readChargeUpload(request, t);
    if ("response" in upload) return upload.response;
    const rows = await previewChargeRows(await getDb(), upload.reading);
    return jsonOk({ rows: previewAnswerRows(rows, localize), totals: previewTotals(rows) });
  },
);
