import {
  ALWAYS_REQUIRED,
  BANK_COLUMNS,
  KEY_COLUMNS,
  PORTUGUESE_HEADERS,
  columnForHeader,
  columnLetter,
  isInformationHeader,
  type BatchColumn,
} from "./columns";

/**
 * Something a person reads: a message KEY (`batches.errors.*`, translated with `values`) or, for
 * the registration schema's own rules, its message as it is. Show it with
 * `t.has(message) ? t(message, values) : message`; a route handler with `localize(message, values)`.
 */
export type BatchMessage = { message: string; values?: Record<string, string | number> };

/**
 * The column each cell of the header row names, by cell index; null for a blank header cell,
 * "skip" for a column kept for people and not read (the errors file's line and reason).
 */
export type HeaderColumns = ReadonlyArray<BatchColumn | null | "skip">;

type HeaderReading = { ok: true; columns: HeaderColumns } | { ok: false; problem: BatchMessage };

const missing = (column: BatchColumn): BatchMessage => ({
  message: "batches.errors.missingColumn",
  values: { column, alias: PORTUGUESE_HEADERS[column] },
});

/**
 * The header row -> our columns, or the first thing wrong with it, naming the column (its text
 * and its spreadsheet letter): unknown or repeated names, required columns missing, and either
 * the Pix key columns or the bank account columns (both may be there; half of a set may not).
 */
export function readHeader(cells: readonly string[]): HeaderReading {
  const columns: Array<BatchColumn | null | "skip"> = [];
  const seen = new Map<BatchColumn, number>();
  let unknown: BatchMessage | null = null;
  cells.forEach((raw, index) => {
    const text = raw.trim();
    if (!text) {
      columns.push(null);
      return;
    }
    if (isInformationHeader(text)) {
      columns.push("skip");
      return;
    }
    const column = columnForHeader(text);
    columns.push(column);
    if (!column) {
      unknown ??= { message: "batches.errors.unknownColumn", values: { column: text, letter: columnLetter(index) } };
      return;
    }
    const first = seen.get(column);
    if (first !== undefined) {
      unknown ??= {
        message: "batches.errors.duplicateColumn",
        values: { column: text, letter: columnLetter(index), first: columnLetter(first) },
      };
      return;
    }
    seen.set(column, index);
  });
  // Not one name we know: this is data or a title, not our header row.
  if (seen.size === 0) return { ok: false, problem: { message: "batches.errors.noHeader" } };
  if (unknown) return { ok: false, problem: unknown };

  // With a nickname column, rows may name saved receivers: their own data columns may be absent.
  const byNickname = seen.has("receiver_nickname");
  for (const column of ALWAYS_REQUIRED) if (!seen.has(column) && !(byNickname && column !== "amount")) return { ok: false, problem: missing(column) };
  const hasKey = KEY_COLUMNS.some((c) => seen.has(c));
  const hasBank = BANK_COLUMNS.some((c) => seen.has(c));
  if (!hasKey && !hasBank && !byNickname) return { ok: false, problem: { message: "batches.errors.missingKeyOrBank" } };
  for (const set of [hasKey ? KEY_COLUMNS : [], hasBank ? BANK_COLUMNS : []]) {
    for (const column of set) if (!seen.has(column)) return { ok: false, problem: missing(column) };
  }
  return { ok: true, columns };
}
