import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { answerWith } from "@/lib/domain/answer";
import type { balanceAnswer } from "@/lib/statement/answer";
import { apiGet } from "@/lib/domain/api-client";

/** GET /api/balance: integer cents, and when the provider was last read. */
export type BalanceAnswer = {
  balance: { available_cents: number; blocked_cents: number; total_cents: number; checked_at: string };
};
export type Balance = BalanceAnswer["balance"];

const readBalance = answerWith<z.output<typeof balanceAnswer>>({ balance: "object" });

/**
 * The balance query, one key for every place that shows it (header, overview, review step,
 * batch preview). The server caches 15 s too; a live transfer change may invalidate `["balance"]`.
 */
export const balanceQuery = queryOptions({
  queryKey: ["balance"] as const,
  queryFn: ({ signal }) => apiGet("/api/balance", readBalance, { signal }),
  staleTime: 15_000,
  refetchInterval: 60_000,
  retry: 1,
});
