import { getDb } from "@/lib/db";
import { jsonOk, localize, route } from "@/lib/http";
import { MAX_UPLOAD_BODY_BYTES } from "@/lib/batches/limits";
import { chargeImportAnswer } from "@/lib/charges/answers";
import { importCharges } from "@/lib/charges/import";
import { chargeDeps } from "@/lib/charges/runtime";
import { toCharge } from "@/lib/charges/store";
import { readChargeUpload } from "@/lib/charges/upload";

export const POST = route(
  {
    name: "POST /api/charges/import",
    summary: "Charges from a CSV or XLSX file (payer_name;payer_document;value;due_date;description;external_reference[;payer_email]); bad rows are listed by line and never made",
    answers: { 200: chargeImportAnswer },
    permission: "register", rawBody: { maxBytes: MAX_UPLOAD_BODY_BYTES },
    rawBodyTypes: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "multipart/form-data"],
  },
  async ({ request, actor, t }) => {
    const upload = await readChargeUpload(request, t);
    if ("response" in upload) return upload.response;
    const { reading } = upload;
    const outcome = await importCharges(await getDb(), reading.rows, actor, chargeDeps());
    const errors = [...reading.errors, ...outcome.errors]
      .sort((a, b) => a.line - b.line)
      .map((e) => ({ line: e.line, reason: localize(e.message, e.values) }));
    return jsonOk({ created: outcome.created, charges: outcome.charges.map(toCharge), errors });
  },
);
