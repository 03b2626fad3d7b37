import type { TransferState } from "@/lib/transfers/states";

/**
 * A sent batch's rows by what happened to their money (client-safe): the words of a finished
 * batch ("Concluído: 47 pagas, 3 canceladas pelo provedor") and the order of its row list (what
 * did not go first, then what went, the file's errors last: they were never sent).
 */
export type ResultBucket = "not_paid" | "on_the_way" | "paid" | "not_sent";

/** The money did not go: canceled by the provider, refused, failed, or stopped before it was sent. */
const NOT_PAID: readonly TransferState[] = ["provider_canceled", "refused", "failed", "rejected", "canceled", "expired"];

export function resultBucket(sent: { state: TransferState } | undefined): ResultBucket {
  if (!sent) return "not_sent";
  if (sent.state === "paid") return "paid";
  return NOT_PAID.includes(sent.state) ? "not_paid" : "on_the_way";
}

export type ResultTotals = Record<ResultBucket, { count: number; cents: number }>;

export function resultTotals(rows: ReadonlyArray<{ value_cents: number | null; sent?: { state: TransferState } }>): ResultTotals {
  const totals: ResultTotals = { not_paid: { count: 0, cents: 0 }, on_the_way: { count: 0, cents: 0 }, paid: { count: 0, cents: 0 }, not_sent: { count: 0, cents: 0 } };
  for (const row of rows) {
    const bucket = totals[resultBucket(row.sent)];
    bucket.count += 1;
    bucket.cents += row.value_cents ?? 0;
  }
  return totals;
}

const ORDER: Record<ResultBucket, number> = { not_paid: 0, on_the_way: 1, paid: 2, not_sent: 3 };

/** Not paid first (someone must look at them), then on the way, then paid, then the rows never sent; by line within each. */
export function sortForResults<T extends { line: number; sent?: { state: TransferState } }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => ORDER[resultBucket(a.sent)] - ORDER[resultBucket(b.sent)] || a.line - b.line);
}

/** How a finished batch's rows ended, from its per-state counts: canceled by the provider and refused or failed are told apart. */
export function finishedCounts(progress: Partial<Record<string, number>>): { paid: number; canceled: number; failed: number; stopped: number } {
  return {
    paid: progress.paid ?? 0,
    canceled: progress.provider_canceled ?? 0,
    failed: (progress.refused ?? 0) + (progress.failed ?? 0) + (progress.outcome_unknown ?? 0),
    stopped: (progress.rejected ?? 0) + (progress.canceled ?? 0) + (progress.expired ?? 0),
  };
}
