import "server-only";
import pLimit from "p-limit";
import { PAYMENT_STATUSES } from "@/lib/contract/enums";
import type { ListPaymentsParams } from "@/lib/contract/list";
import { makeBuckets, wholeRangeBucket, type Bucket } from "./buckets";
import { insightsCacheKey, listCallKey, listParamsFor, type ResolvedInsightsQuery } from "./query";
import type { InsightsAnswer, InsightsPoint } from "./schema";
import { TtlCache } from "./ttl-cache";

/**
 * The overview's aggregator. The provider has no aggregate endpoint, so every figure is the
 * `meta` of one page-1 list query (only total_items_amount and total_value_cents are read; the
 * rows are ignored). Calls fan out through one p-limit queue shared by all requests (the provider
 * sees at most `concurrency` of our overview calls at a time), each distinct call is cached for
 * `ttlMs` with single flight, and whole answers are cached the same way unless partial.
 * A failed call never becomes a zero: its points carry `error`, the answer says `partial`.
 */

/** The slice of `listPayments` the aggregator needs (tests pass a fake). */
export type ListMetaFn = (
  params: ListPaymentsParams,
) => Promise<{ meta: { total_items_amount: number; total_value_cents: number } }>;

type AggregatorOptions = {
  list: ListMetaFn;
  /** Provider calls in flight at most, across all requests. Default 8. */
  concurrency?: number;
  /** How long a call's figures and a complete answer are reused. Default 15 s; 0 disables. */
  ttlMs?: number;
  /** Clock of the cache (tests move it). */
  now?: () => number;
};

export type InsightsAggregator = {
  getInsights(query: ResolvedInsightsQuery): Promise<InsightsAnswer>;
  clearCache(): void;
};

const DEFAULT_CONCURRENCY = 8;

/** Statuses a payment ends in; the others are in flight. */
const SETTLED_STATUSES = new Set<string>(["completed", "canceled"]);
const DEFAULT_TTL_MS = 15_000;

type Figures = { count: number; value_cents: number };
type Outcome = { ok: true; figures: Figures } | { ok: false; error: string };

export function createInsightsAggregator(options: AggregatorOptions): InsightsAggregator {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error("concurrency must be a whole number >= 1");
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const limit = pLimit(concurrency);
  const calls = new TtlCache<Figures>(ttlMs, 20_000, options.now);
  const answers = new TtlCache<InsightsAnswer>(ttlMs, 200, options.now);

  function figuresOf(params: ListPaymentsParams): Promise<Figures> {
    return calls.getOrLoad(listCallKey(params), async () => {
      const { meta } = await limit(() => options.list({ ...params, page: 1 }));
      return { count: meta.total_items_amount, value_cents: meta.total_value_cents };
    });
  }

  async function compute(q: ResolvedInsightsQuery): Promise<InsightsAnswer> {
    // Bucket checks throw (range too long, bad dates) before a single provider call.
    const whole = wholeRangeBucket(q.from, q.to);
    const timeBuckets: Bucket[] = q.group_by === "status" ? [] : makeBuckets(q.from, q.to, q.group_by);
    const { status: statusFilter, ...filters } = q.filters;
    const statuses: string[] = statusFilter ? [statusFilter] : [...PAYMENT_STATUSES];

    // One outcome per distinct list query in this answer (the status filter makes "all" and
    // "that status" the same query: it is asked once and counted once).
    const outcomes = new Map<string, Promise<Outcome>>();
    const ask = (bounds: Bucket, status: string | undefined): Promise<Outcome> => {
      const params = listParamsFor(q.date_field, filters, bounds, status);
      const key = listCallKey(params);
      let outcome = outcomes.get(key);
      if (!outcome) {
        outcome = figuresOf(params).then(
          (figures): Outcome => ({ ok: true, figures }),
          (err: unknown): Outcome => ({ ok: false, error: reasonOf(err) }),
        );
        outcomes.set(key, outcome);
      }
      return outcome;
    };

    const totalAsked = ask(whole, statusFilter);
    const byStatusAsked = statuses.map((status) => ({ bucket: whole, status, outcome: ask(whole, status) }));
    const seriesAsked =
      q.group_by === "status"
        ? byStatusAsked
        : timeBuckets.flatMap((bucket) => statuses.map((status) => ({ bucket, status, outcome: ask(bucket, status) })));

    const total = await totalAsked;
    const byStatus = new Map<string, Outcome>();
    for (const item of byStatusAsked) byStatus.set(item.status, await item.outcome);
    const series: InsightsPoint[] = [];
    for (const item of seriesAsked) series.push(toPoint(item.bucket, item.status, await item.outcome));

    const settled = await Promise.all(outcomes.values());
    const failures = settled.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);
    const figure = (o: Outcome | undefined, pick: keyof Figures): number | null =>
      o === undefined ? 0 : o.ok ? o.figures[pick] : null;
    // In flight: every status that is neither completed nor canceled (still moving). Unknown if
    // any of them failed: a sum with a missing part would be a guess.
    const inFlight = PAYMENT_STATUSES.filter((s) => !SETTLED_STATUSES.has(s)).map((s) => figure(byStatus.get(s), "value_cents"));
    return {
      range: { from: q.from, to: q.to, days: whole.days, start: whole.start, end: whole.end },
      group_by: q.group_by,
      date_field: q.date_field,
      filters: { ...q.filters },
      statuses,
      series,
      totals: {
        count: figure(total, "count"),
        value_cents: figure(total, "value_cents"),
        // A status outside the filter contributes nothing (0), a failed one is unknown (null).
        completed_value_cents: figure(byStatus.get("completed"), "value_cents"),
        in_flight_value_cents: inFlight.some((v) => v === null) ? null : inFlight.reduce<number>((sum, v) => sum + (v ?? 0), 0),
        canceled_value_cents: figure(byStatus.get("canceled"), "value_cents"),
        canceled_count: figure(byStatus.get("canceled"), "count"),
      },
      partial: failures.length > 0,
      failed: failures.length,
      calls: outcomes.size,
      errors: [...new Set(failures.map((f) => f.error))].slice(0, 3),
      computed_at: new Date().toISOString(),
    };
  }

  return {
    getInsights: (q) => answers.getOrLoad(insightsCacheKey(q), () => compute(q), (answer) => !answer.partial),
    clearCache: () => {
      calls.clear();
      answers.clear();
    },
  };
}

function toPoint(bucket: Bucket, status: string, outcome: Outcome): InsightsPoint {
  const base = { bucket: bucket.key, status, start: bucket.start, end: bucket.end };
  return outcome.ok ? { ...base, ...outcome.figures } : { ...base, error: outcome.error };
}

function reasonOf(err: unknown): string {
  return err instanceof Error && err.message ? err.message : "The payments provider call failed";
}
