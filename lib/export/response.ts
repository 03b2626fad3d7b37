import "server-only";
import { NO_STORE } from "@/lib/http";
import { CONTENT_TYPES, type ExportColumn, type ExportFormat } from "./columns";
import { createExportStream, type ExportSummary, type NextRows } from "./export-stream";
import { attachment, exportFileName } from "./file-name";

type ExportResponseOptions<Row> = {
  format: ExportFormat;
  /** The file name's words in the caller's language ("pagamentos"); Brazil's date and time follow. */
  fileBase: string;
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  next: NextRows<Row>;
  onFinish?: (summary: ExportSummary) => void | Promise<void>;
  /** Extra headers (totals for a progress bar). */
  headers?: Record<string, string>;
  now?: Date;
};

/**
 * The download answer of an export route: the file streamed as it is written, never cached,
 * its name with Brazil's date and time. Whatever must refuse the export (input, permission,
 * the audit row) has run before this is called: from here on the answer is the file.
 */
export function exportResponse<Row>(options: ExportResponseOptions<Row>): Response {
  const fileName = exportFileName(options.fileBase, options.format, options.now ?? new Date());
  const body = createExportStream({
    format: options.format,
    columns: options.columns,
    next: options.next,
    sheetName: options.sheetName,
    onFinish: options.onFinish,
  });
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "content-type": CONTENT_TYPES[options.format],
      "content-disposition": attachment(fileName),
      "x-content-type-options": "nosniff",
      "x-export-format": options.format,
      ...options.headers,
    },
  });
}
