import "server-only";
import type { Db } from "@/lib/db";
import { brazilDayKey } from "@/lib/pix/time";
import { incomingItems } from "./incoming";
import { outgoingItems } from "./outgoing";
import { calendar, projectCash } from "./projection";
import type { CashPositionAnswer } from "./answers";

export type CashPositionInput = {
  days: number;
  balance: { availableCents: number; blockedCents: number; checkedAt: string };
  expectedInPercent: number;
  now: Date;
};

/** The cash position from the store (what goes out, what is due in) and the provider's balance. */
export async function cashPosition(db: Db, input: CashPositionInput): Promise<CashPositionAnswer> {
  const today = brazilDayKey(input.now);
  const last = calendar(today, input.days).at(-1)!;
  const [outgoing, incoming] = await Promise.all([outgoingItems(db, today, last), incomingItems(db, last)]);
  const projection = projectCash({ today, days: input.days, availableCents: input.balance.availableCents, outgoing, incoming, expectedInPercent: input.expectedInPercent });
  return {
    balance: { available_cents: input.balance.availableCents, blocked_cents: input.balance.blockedCents, checked_at: input.balance.checkedAt },
    expected_in_percent: input.expectedInPercent,
    ...projection,
  };
}
