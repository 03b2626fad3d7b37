import { getDb } from "@/lib/db";
import { clientIp, jsonError, jsonOk, localize, route } from "@/lib/http";
import { batchListQuerySchema, uploadQuerySchema } from "@/lib/batches/query";
import { listBatches } from "@/lib/batches/store";
import { uploadBatch } from "@/lib/batches/upload";
import { readUploadedFile } from "@/lib/batches/upload-body";
import { MAX_BATCH_BYTES, MAX_UPLOAD_BODY_BYTES } from "@/lib/batches/limits";
import { batchListAnswer, batchUploadedAnswer } from "@/lib/batches/answers";

export const POST = route(
  {
    name: "POST /api/batches",
    summary: "A payout file (the body, or the `file` field of a form) -> a draft batch, validated row by row",
    answers: { 201: batchUploadedAnswer },
    permission: "register", query: uploadQuerySchema, rawBody: { maxBytes: MAX_UPLOAD_BODY_BYTES },
    rawBodyTypes: ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "multipart/form-data"],
  },
  async ({ request, user, query, t }) => {
    const file = await readUploadedFile(request);
    if ("problem" in file) {
      return file.problem === "tooLarge"
        ? jsonError(413, t("batches.errors.tooLarge", { maxMb: MAX_BATCH_BYTES / 1024 / 1024 }), { kind: "validation" })
        : jsonError(400, t("batches.errors.noFile"), { kind: "validation" });
    }
    const result = await uploadBatch(await getDb(), {
      ...file,
      maker: { id: user.id, email: user.email },
      ip: clientIp(request),
      allowDuplicate: query.allow_duplicate,
    });
    if (result.ok) {
      const { batch } = result;
      return jsonOk({ batch: { id: batch.id, state: batch.state, rows: batch.rows, valid: batch.valid, invalid: batch.invalid, total_cents: batch.total_cents } }, 201);
    }
    if ("duplicateOf" in result) {
      return jsonError(409, t("batches.errors.duplicateFile"), { kind: "duplicate_file", batch_id: result.duplicateOf });
    }
    const message = localize(result.problem.message, result.problem.values);
    return jsonError(422, message, { kind: "validation", fields: { file: message } });
  },
);

export const GET = route(
  {
    name: "GET /api/batches",
    summary: "Batches, newest first, with their totals and state (?scope=inbox: those waiting for the signed-in approver)",
    answers: { 200: batchListAnswer },
    permission: "viewTransfers", query: batchListQuerySchema,
  },
  async ({ user, query }) =>
  jsonOk(await listBatches(await getDb(), query.page, undefined, query.scope === "inbox" ? user.id : undefined)),
);
