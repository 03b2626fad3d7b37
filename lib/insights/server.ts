import "server-only";
import { listPayments } from "@/lib/payments-api";
import { createInsightsAggregator, type InsightsAggregator } from "./aggregate";
import type { ResolvedInsightsQuery } from "./query";
import type { InsightsAnswer } from "./schema";

// One aggregator per server process, shared by the route handler and the page's prefetch (which
// Next may bundle apart): its cache and its concurrency limit must be the same object.
const KEY = Symbol.for("pix-backoffice.insights-aggregator");
type Holder = { [KEY]?: InsightsAggregator };

function sharedAggregator(): InsightsAggregator {
  const holder = globalThis as Holder;
  holder[KEY] ??= createInsightsAggregator({ list: listPayments });
  return holder[KEY];
}

/** The overview's figures for a resolved query (cached 15 s, at most 8 provider calls at a time). */
export function getInsights(query: ResolvedInsightsQuery): Promise<InsightsAnswer> {
  return sharedAggregator().getInsights(query);
}

/**
 * Forget cached figures: a webhook said a payment changed, so the next overview asks the
 * provider again instead of serving totals up to 15 s old. Tests use it between cases too.
 */
export function forgetInsights(): void {
  (globalThis as Holder)[KEY]?.clearCache();
}

export const resetInsightsCacheForTests = forgetInsights;
