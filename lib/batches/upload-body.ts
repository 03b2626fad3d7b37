import "server-only";
import { MAX_BATCH_BYTES } from "./limits";

type UploadedFile = { bytes: Uint8Array; fileName: string | null; contentType: string | null };

/**
 * The file of POST /api/batches: the whole body (text/csv, the XLSX type, octet-stream) or the
 * `file` field of a multipart form. At most MAX_BATCH_BYTES, refused before it is read whole when
 * the length is declared.
 */
export async function readUploadedFile(request: Request): Promise<UploadedFile | { problem: "tooLarge" | "noFile" }> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > MAX_BATCH_BYTES + 64 * 1024) return { problem: "tooLarge" };
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const form = await request.formData().catch(() => null);
    const file = form?.get("file");
    if (!file || typeof file === "string") return { problem: "noFile" };
    if (file.size > MAX_BATCH_BYTES) return { problem: "tooLarge" };
    return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name || null, contentType: file.type || null };
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BATCH_BYTES) return { problem: "tooLarge" };
  if (bytes.byteLength === 0) return { problem: "noFile" };
  const disposition = request.headers.get("content-disposition") ?? "";
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { bytes, fileName: name ? decodeURIComponent(name) : request.headers.get("x-file-name"), contentType: type || null };
}
