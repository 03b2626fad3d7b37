import "server-only";
import { readBoundedBody } from "@/lib/http/body";
import { MAX_BATCH_BYTES, MAX_UPLOAD_BODY_BYTES } from "./limits";

type UploadedFile = { bytes: Uint8Array; fileName: string | null; contentType: string | null };

/**
 * The file of POST /api/batches: the whole body (text/csv, the XLSX type, octet-stream) or the
 * `file` field of a multipart form. The body is read through the one bounded reader: at most
 * MAX_UPLOAD_BODY_BYTES (a declared length over it is refused unread, a chunked body is cut at
 * the first byte over it); a form is parsed only from those bytes, and its file holds at most
 * MAX_BATCH_BYTES.
 */
export async function readUploadedFile(request: Request): Promise<UploadedFile | { problem: "tooLarge" | "noFile" }> {
  const type = request.headers.get("content-type") ?? "";
  const read = await readBoundedBody(request, MAX_UPLOAD_BODY_BYTES);
  if ("tooLarge" in read) return { problem: "tooLarge" };
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(read.bytes as BodyInit, { headers: { "content-type": type } }).formData().catch(() => null);
    const file = form?.get("file");
    if (!file || typeof file === "string") return { problem: "noFile" };
    if (file.size > MAX_BATCH_BYTES) return { problem: "tooLarge" };
    return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name || null, contentType: file.type || null };
  }
  const { bytes } = read;
  if (bytes.byteLength > MAX_BATCH_BYTES) return { problem: "tooLarge" };
  if (bytes.byteLength === 0) return { problem: "noFile" };
  const disposition = request.headers.get("content-disposition") ?? "";
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  return { bytes, fileName: name ? safeDecode(name) : request.headers.get("x-file-name"), contentType: type || null };
}

function safeDecode(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
