import "server-only";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { transferRequests } from "@/lib/db/schema";
import { approvalsRequired, RECEIVER_WINDOW_HOURS, type ApprovalPolicy } from "./policy";
import { MAY_MOVE_MONEY_STATES } from "./states";

/**
 * Splitting does not dodge approval: the policy's tiers apply to the sum of one maker's transfers
 * to the same receiver document over the last RECEIVER_WINDOW_HOURS (rows of batches included),
 * counting every request that may still move money. Twenty transfers of R$ 999,99 to one person
 * need what one of R$ 19.999,80 needs.
 */

/** What one maker already sent or asked to send to each of these documents in the window. */
export async function recentSumsToReceivers(tx: Tx, makerId: string, documents: readonly string[], now: Date): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  if (!documents.length) return sums;
  const since = new Date(now.getTime() - RECEIVER_WINDOW_HOURS * 3_600_000);
  const unique = [...new Set(documents)];
  for (let i = 0; i < unique.length; i += 1_000) {
    const rows = await tx
      .select({ document: transferRequests.receiverDocument, cents: sql<string>`sum(${transferRequests.valueCents})` })
      .from(transferRequests)
      .where(
        and(
          eq(transferRequests.makerId, makerId),
          inArray(transferRequests.receiverDocument, unique.slice(i, i + 1_000)),
          inArray(transferRequests.state, [...MAY_MOVE_MONEY_STATES]),
          gte(transferRequests.createdAt, since),
        ),
      )
      .groupBy(transferRequests.receiverDocument);
    for (const r of rows) sums.set(r.document, Number(r.cents));
  }
  return sums;
}

/**
 * One maker's requests are created one at a time (a transaction-scoped lock), so two
 * transfers typed at once to one receiver cannot both miss each other in the sum.
 */
export async function lockMakerWindow(tx: Tx, makerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`transfer-window:${makerId}`}))`);
}

export type ApprovalNeed = {
  /** Distinct approvals needed. */
  approvals: number;
  /** What the amount alone would need. */
  by_amount: number;
  /** The maker's sum to this receiver in the window, this transfer included. */
  window_sum_cents: number;
  window_hours: number;
  /** True when the window's sum asks for more approvals than the amount alone. */
  window_applies: boolean;
};

/** The approvals a transfer of `cents` to a receiver needs, given what the maker sent them already. */
export function approvalNeed(policy: ApprovalPolicy, cents: number, earlierCents: number): ApprovalNeed {
  const byAmount = approvalsRequired(policy, cents);
  const sum = cents + earlierCents;
  const approvals = Math.max(byAmount, approvalsRequired(policy, sum));
  return { approvals, by_amount: byAmount, window_sum_cents: sum, window_hours: RECEIVER_WINDOW_HOURS, window_applies: approvals > byAmount };
}
