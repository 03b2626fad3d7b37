import { getDb } from "@/lib/db";
import { jsonError, jsonOk, localize, route } from "@/lib/http";
import { MAX_BATCH_BYTES, MAX_UPLOAD_BODY_BYTES } from "@/lib/batches/limits";
import { readUploadedFile } from "@/lib/batches/upload-body";
import { chargeImportAnswer } from "@/lib/charges/answers";
import { importCharges, readChargeFile } from "@/lib/charges/import";
import { chargeDeps } from "@/lib/charges/runtime";
import { toCharge } from "@/lib/charges/store";

export const POST = route(
  {
    name: "POST /api/charges/import",
    summary: "Charges from a CSV or XLSX file (payer_name;payer_document;value;due_date;description;external_reference[;payer_email]); bad rows are listed by line and never made",
    answers: { 200: chargeImportAnswer },
    permission: "register", rawBody: { maxBytes: MAX_UPLOAD_BODY_BYTES },
    rawBodyTypes: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "multipart/form-data"],
  },
  async ({ request, actor, t }) => {
    const file = await readUploadedFile(request);
    if ("problem" in file) {
      return file.problem === "tooLarge" ? jsonError(413, t("batches.errors.tooLarge", { maxMb: MAX_BATCH_BYTES / 1024 / 1024 }), { kind: "too_large" }) : jsonError(400, t("batches.errors.fileEmpty"), { kind: "validation" });
    }
    const reading = await readChargeFile(file.bytes, { contentType: file.contentType, fileName: file.fileName });
    if (!reading.ok) {
      const message = localize(reading.problem.message, reading.problem.values);
      return jsonError(422, message, { kind: "validation", fields: { file: message } });
    }
    const outcome = await importCharges(await getDb(), reading.rows, actor, chargeDeps());
    const errors = [...reading.errors, ...outcome.errors]
      .sort((a, b) => a.line - b.line)
      .map((e) => ({ line: e.line, reason: localize(e.message, e.values) }));
    return jsonOk({ created: outcome.created, charges: outcome.charges.map(toCharge), errors });
  },
);
