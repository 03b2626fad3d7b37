import "server-only";
import { balanceAnswerSchema } from "@/lib/contract";
import { callProvider, expectAnswer } from "./client";

/** The account balance in our own words (integer cents). */
export type AccountBalance = {
  /** What new transfers may use now. */
  availableCents: number;
  /** Held by authorized transfers on their way. */
  blockedCents: number;
  totalCents: number;
};

/** GET /v1/account/balance. Its 401 has another shape; the client maps it like any 401 (token refreshed once). */
export async function getBalance(): Promise<AccountBalance> {
  const answer = await callProvider({ operation: "health", method: "GET", path: "/v1/account/balance" });
  const b = expectAnswer(answer, balanceAnswerSchema, "health").data.account_balance;
  return { availableCents: b.available_value_cents, blockedCents: b.blocked_value_cents, totalCents: b.total_value_cents };
}
