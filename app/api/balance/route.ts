import { jsonOk, route } from "@/lib/http";
import { getCachedBalance } from "@/lib/payments-api";
import { balanceAnswer } from "@/lib/statement/answer";

export const GET = route(
  {
    name: "GET /api/balance",
    summary: "The account's available, blocked and total balance (cents), read at most every 15 s; for every role that reads transfers",
    answers: { 200: balanceAnswer },
    permission: "viewTransfers",
  },
  async () => {
  const b = await getCachedBalance();
  return jsonOk({
    balance: { available_cents: b.availableCents, blocked_cents: b.blockedCents, total_cents: b.totalCents, checked_at: b.checkedAt },
  });
});
