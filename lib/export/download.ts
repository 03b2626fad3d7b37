import { readProblem } from "@/lib/domain/read-problem";
import { DOWNLOAD_FORMATS, type DownloadFormat } from "./columns";
import { createCsvLineCounter } from "./read-csv";

/**
 * The browser's side of an export: fetch the file, count what arrives (CSV rows as their line
 * ends come in, XLSX bytes: a zip has no rows to count until it is whole), then hand the bytes
 * to the browser's download. Aborting the signal stops the request and the server's reading.
 */
type ExportStart = { format: DownloadFormat; totalRows: number | null };
export type ExportProgress = { bytes: number; rows: number | null };
type ExportDone = { format: DownloadFormat; fileName: string; bytes: number; rows: number | null };

/** The export was refused or failed before the file: the server's reason (in the caller's language) or none. */
export class ExportRequestError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string | null,
  ) {
    super(reason ?? `HTTP ${status}`);
    this.name = "ExportRequestError";
  }
}

function numberHeader(headers: Headers, name: string): number | null {
  const value = headers.get(name);
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** The name in Content-Disposition; the fallback when there is none. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? "");
  return match?.[1] ?? fallback;
}

export async function downloadExport(
  url: string,
  options: { signal: AbortSignal; onStart?: (start: ExportStart) => void; onProgress?: (progress: ExportProgress) => void },
): Promise<ExportDone> {
  const response = await fetch(url, { signal: options.signal, credentials: "same-origin", cache: "no-store" });
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new ExportRequestError(response.status, readProblem(body)?.error ?? null);
  }
  const said = response.headers.get("x-export-format");
  const format: DownloadFormat = DOWNLOAD_FORMATS.find((f) => f === said) ?? "csv";
  options.onStart?.({ format, totalRows: numberHeader(response.headers, "x-total-items") });
  const counter = format === "csv" ? createCsvLineCounter() : null;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let rows: number | null = counter ? 0 : null;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (counter) rows = Math.max(0, counter.push(value) - 1); // minus the header row
    options.onProgress?.({ bytes, rows });
  }
  const fileName = fileNameOf(response.headers.get("content-disposition"), `export.${format}`);
  saveFile(new Blob(chunks as BlobPart[], { type: response.headers.get("content-type") ?? "application/octet-stream" }), fileName);
  return { format, fileName, bytes, rows };
}

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the blob before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
