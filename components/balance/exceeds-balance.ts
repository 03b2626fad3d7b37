/** The part of the balance a check needs (the /api/balance answer's, or anything like it). */
type AvailableBalance = { available_cents: number } | null | undefined;

/**
 * True when an amount (integer cents) is larger than what the account has available: the
 * provider would refuse it with 422 "Insufficient funds". An unknown balance (still loading,
 * unavailable) is never "exceeded": the check must not block anyone, the provider decides.
 */
export function exceedsBalance(cents: number, balance: AvailableBalance): boolean {
  if (!balance || !Number.isFinite(balance.available_cents) || !Number.isFinite(cents)) return false;
  return cents > balance.available_cents;
}
