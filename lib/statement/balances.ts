import type { StatementTotals } from "./answer";

/**
 * The balance at the period's start and end, worked back from the balance now: the provider keeps
 * no balance history, so the closing balance is the balance now less what moved since the period
 * ended, and the opening balance the closing one less what moved in the period. Only movements
 * count (completed payments out, paid charges in): a fee or an adjustment the provider books
 * outside its two lists would shift both by the same amount.
 */
export function periodBalances(totalNowCents: number, inPeriod: StatementTotals, sinceEnd: StatementTotals): { opening_cents: number; closing_cents: number } {
  const closing = totalNowCents - (sinceEnd.in_cents - sinceEnd.out_cents);
  return { opening_cents: closing - (inPeriod.in_cents - inPeriod.out_cents), closing_cents: closing };
}
