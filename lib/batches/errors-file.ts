import type { ExportColumn } from "@/lib/export/columns";
import { BATCH_COLUMNS, PORTUGUESE_HEADERS } from "./columns";
import type { BatchMessage } from "./header";

/** A row of the file that has errors, as stored: its line, its cells (by our column names) and why. */
export type ErrorsFileRow = { line: number; cells: Record<string, string>; errors: Array<BatchMessage & { field?: string }> };

import type { Translator } from "@/lib/i18n/server";

type Translate = { (key: string, values?: Record<string, string | number>): string; has(key: string): boolean };

/**
 * The rows of a batch that have errors, as a file to correct and upload again: the line in the
 * original file, every cell as it was read (under the template's Portuguese names), and the
 * reason in the reader's words. The reader skips the line and reason columns, so the corrected
 * file goes back in as it is (lib/batches/columns.ts isInformationHeader).
 */
export function batchErrorsColumns(translator: Translator): ExportColumn<ErrorsFileRow>[] {
  const t = translator as unknown as Translate;
  const reason = (row: ErrorsFileRow) => row.errors.map((e) => (t.has(e.message) ? t(e.message, e.values) : e.message)).join("; ");
  return [
    { key: "line", header: t("batches.errorsFile.line"), type: "integer", width: 8, value: (r) => r.line },
    ...BATCH_COLUMNS.map(
      (column): ExportColumn<ErrorsFileRow> => ({ key: column, header: PORTUGUESE_HEADERS[column], type: "text", width: 20, value: (r) => r.cells[column] ?? null }),
    ),
    { key: "reason", header: t("batches.errorsFile.reason"), type: "text", width: 70, value: reason },
  ];
}
