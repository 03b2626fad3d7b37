"use client";

import { useQuery } from "@tanstack/react-query";
import { balanceQuery, type Balance } from "./balance-query";
import { exceedsBalance } from "./exceeds-balance";

type BalanceState =
  | { state: "loading"; balance: undefined }
  | { state: "ready"; balance: Balance }
  | { state: "unavailable"; balance: Balance | undefined; error: unknown };

/**
 * The account balance for the places that show it or check an amount against it. A failed read
 * is "unavailable" (the last known balance, if any, is kept alongside), never an exception:
 * no page waits for, or breaks on, the balance. `enabled: false` for roles that may not see it.
 */
export function useBalance({ enabled = true }: { enabled?: boolean } = {}): BalanceState & { exceeds(cents: number): boolean } {
  const query = useQuery({ ...balanceQuery, enabled });
  const exceeds = (cents: number) => exceedsBalance(cents, query.data?.balance);
  if (query.isError) return { state: "unavailable", balance: query.data?.balance, error: query.error, exceeds };
  if (query.data) return { state: "ready", balance: query.data.balance, exceeds };
  return { state: "loading", balance: undefined, exceeds };
}
