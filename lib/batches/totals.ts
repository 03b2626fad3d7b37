/** Counts of a batch's rows and the value of the valid ones (what will be sent), in cents. */
export type BatchTotals = { rows: number; valid: number; invalid: number; total_cents: number };

/** Totals of validated rows (or preview rows: the same two fields decide). Client-safe. */
export function batchTotals(rows: ReadonlyArray<{ state: "valid" | "invalid"; value_cents: number | null }>): BatchTotals {
  let valid = 0;
  let totalCents = 0;
  for (const row of rows) {
    if (row.state !== "valid") continue;
    valid += 1;
    totalCents += row.value_cents ?? 0;
  }
  return { rows: rows.length, valid, invalid: rows.length - valid, total_cents: totalCents };
}
