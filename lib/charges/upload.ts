import "server-only";
import { MAX_BATCH_BYTES } from "@/lib/batches/limits";
import { readUploadedFile } from "@/lib/batches/upload-body";
import { jsonError, localize } from "@/lib/http";
import type { Translator } from "@/lib/i18n/server";
import { readChargeFile, type ChargeFileReading } from "./import";

/**
 * The charges file of an import or of its preview, read the one way: the body's file (413 too
 * large, 400 none), then its rows (422 when the file itself cannot be read: no header, unknown
 * columns, too many rows), in the caller's language.
 */
export async function readChargeUpload(request: Request, t: Translator): Promise<{ reading: Extract<ChargeFileReading, { ok: true }> } | { response: Response }> {
  const file = await readUploadedFile(request);
  if ("problem" in file) {
    return {
      response:
        file.problem === "tooLarge"
          ? jsonError(413, t("batches.errors.tooLarge", { maxMb: MAX_BATCH_BYTES / 1024 / 1024 }), { kind: "too_large" })
          : jsonError(400, t("batches.errors.fileEmpty"), { kind: "validation" }),
    };
  }
  const reading = await readChargeFile(file.bytes, { contentType: file.contentType, fileName: file.fileName });
  if (!reading.ok) {
    const message = localize(reading.problem.message, reading.problem.values);
    return { response: jsonError(422, message, { kind: "validation", fields: { file: message } }) };
  }
  return { reading };
}
