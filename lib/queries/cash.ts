import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { answerWith } from "@/lib/domain/answer";
import { apiGet } from "@/lib/domain/api-client";
// Types only: the browser reads the answer by its members (lib/domain/answer.ts).
import type { CashPositionAnswer } from "@/lib/cash/answers";

const readCash = answerWith<CashPositionAnswer>({ balance: "object", days: "array", shortfalls: "array", expected_in_percent: "number" });

export const CASH_DAYS = [7, 30, 60, 90] as const;

export function cashUrl(days: number, format?: "csv" | "xlsx"): string {
  const search = new URLSearchParams({ days: String(days) });
  if (format) search.set("format", format);
  return `/api/cash-position?${search}`;
}

/** Query keys and options of the cash position: the server's prefetch and the page's hook use these very keys. */
export const cashQueries = {
  all: () => ["cash-position"] as const,
  days: (days: number) =>
    queryOptions({
      queryKey: [...cashQueries.all(), days] as const,
      queryFn: ({ signal }) => apiGet(cashUrl(days), readCash, { signal }),
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
};
