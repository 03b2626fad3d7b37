/**
 * The one description of an exported file: its columns. A column says what it holds (its
 * `type`), its header in the caller's language, its width and how to read its value from a
 * row; the CSV dialect (csv.ts) and the XLSX writer (xlsx.ts) each turn that into cells their
 * own way. Payments, the audit log and batch results are lists of columns over their rows.
 */
type ColumnType =
  /** Kept as text whatever it looks like (documents, ids, keys): never a number in a spreadsheet. */
  | "text"
  /** Integer cents; a BRL amount in the file. */
  | "money"
  /** An instant; written in Brazil time. */
  | "datetime"
  /** A count. */
  | "integer";

export type CellValue<T extends ColumnType> = T extends "money" | "integer" ? number : T extends "datetime" ? Date : string;

export type ExportColumn<Row> = {
  [T in ColumnType]: {
    /** A stable name for tests and tools (not shown). */
    key: string;
    /** The header, already in the caller's language, in business words. */
    header: string;
    type: T;
    /** Width in characters (XLSX). */
    width: number;
    /** The value of this column in a row; null for an empty cell. */
    value: (row: Row) => CellValue<T> | null;
  };
}[ColumnType];

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Every file a download button may bring: the two tabular formats, and OFX for the bank statement (lib/statement). */
export const DOWNLOAD_FORMATS = [...EXPORT_FORMATS, "ofx"] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/** Reads a column's value with its type attached (so a writer can switch on it and stay typed). */
export function cellOf<Row>(column: ExportColumn<Row>, row: Row) {
  switch (column.type) {
    case "text":
      return { type: column.type, value: column.value(row) } as const;
    case "money":
      return { type: column.type, value: column.value(row) } as const;
    case "integer":
      return { type: column.type, value: column.value(row) } as const;
    case "datetime":
      return { type: column.type, value: column.value(row) } as const;
  }
}
