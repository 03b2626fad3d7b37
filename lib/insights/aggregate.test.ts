import { describe, expect, it } from "vitest";
import type { ListPaymentsParams } from "@/lib/contract/list";
import { createInsightsAggregator, type ListMetaFn } from "./aggregate";
import { resolveInsightsQuery } from "./query";
import { isFigurePoint } from "./points";

/**
 * A fake provider: each payment is [registration day, status, cents]; the fake answers `meta` for
 * any list query exactly as the provider would, and records every call.
 */
type Row = [day: string, status: string, cents: number];
const ROWS: Row[] = [
  ["2026-03-01", "completed", 10_000],
  ["2026-03-01", "completed", 2_500],
  ["2026-03-01", "canceled", 700],
  ["2026-03-02", "sent", 1_234],
  ["2026-03-03", "completed", 99],
  ["2026-03-03", "authorization_pending", 5_000],
];

function fakeProvider(options: { failWhen?: (p: ListPaymentsParams) => boolean; delayMs?: number } = {}) {
  const calls: ListPaymentsParams[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const list: ListMetaFn = async (params) => {
    calls.push(params);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 1));
      if (options.failWhen?.(params)) throw new Error("The payments provider failed (HTTP 500)");
      const start = params.registration_start_date?.slice(0, 10) ?? "0000";
      const end = params.registration_end_date?.slice(0, 10) ?? "9999";
      const rows = ROWS.filter(([day, status]) => day >= start && day <= end && (!params.status || status === params.status));
      return { meta: { total_items_amount: rows.length, total_value_cents: rows.reduce((s, r) => s + r[2], 0) } };
    } finally {
      inFlight -= 1;
    }
  };
  return { list, calls, maxInFlight: () => maxInFlight };
}

const byDay = resolveInsightsQuery({ from: "2026-03-01", to: "2026-03-03", group_by: "day" }, "2026-03-03");
const byStatus = resolveInsightsQuery({ from: "2026-03-01", to: "2026-03-03", group_by: "status" }, "2026-03-03");

describe("insights aggregator: figures", () => {
  it("builds per-day-per-status points from meta, and totals from whole-range queries", async () => {
    const provider = fakeProvider();
    const answer = await createInsightsAggregator({ list: provider.list }).getInsights(byDay);
    expect(answer.partial).toBe(false);
    expect(answer.series).toHaveLength(3 * 5);
    const march1Completed = answer.series.find((p) => p.bucket === "2026-03-01" && p.status === "completed");
    expect(march1Completed).toEqual({
      bucket: "2026-03-01",
      status: "completed",
      start: "2026-03-01T00:00:00",
      end: "2026-03-01T23:59:59",
      count: 2,
      value_cents: 12_500,
    });
    expect(answer.totals).toEqual({
      count: 6,
      value_cents: 19_533,
      completed_value_cents: 12_599,
      in_flight_value_cents: 6_234,
      canceled_value_cents: 700,
      canceled_count: 1,
    });
    // The split adds up to the total value.
    expect(12_599 + 6_234 + 700).toBe(answer.totals.value_cents);
    // 15 bucket calls + 1 whole-range total + 5 whole-range statuses, every one page 1.
    expect(answer.calls).toBe(21);
    expect(provider.calls).toHaveLength(21);
    expect(provider.calls.every((c) => c.page === 1)).toBe(true);
    const sum = answer.series.filter(isFigurePoint).reduce((s, p) => s + p.value_cents, 0);
    expect(sum).toBe(answer.totals.value_cents);
  });

  it("groups by status over the whole range with 6 calls", async () => {
    const provider = fakeProvider();
    const answer = await createInsightsAggregator({ list: provider.list }).getInsights(byStatus);
    expect(answer.series.map((p) => [p.status, isFigurePoint(p) ? p.count : "error"])).toEqual([
      ["authorization_pending", 1],
      ["auto_authorization", 0],
      ["sent", 1],
      ["completed", 3],
      ["canceled", 1],
    ]);
    expect(provider.calls).toHaveLength(6);
  });

  it("with a status filter asks only that status, and the total once", async () => {
    const provider = fakeProvider();
    const q = resolveInsightsQuery({ from: "2026-03-01", to: "2026-03-03", status: "completed" }, "2026-03-03");
    const answer = await createInsightsAggregator({ list: provider.list }).getInsights(q);
    expect(answer.statuses).toEqual(["completed"]);
    expect(answer.calls).toBe(4); // 3 days + the whole range (total = completed)
    expect(answer.totals).toEqual({
      count: 3,
      value_cents: 12_599,
      completed_value_cents: 12_599,
      in_flight_value_cents: 0,
      canceled_value_cents: 0,
      canceled_count: 0,
    });
    expect(provider.calls.every((c) => c.status === "completed")).toBe(true);
  });

  it("asks on payment dates when date_field is payment", async () => {
    const provider = fakeProvider();
    const q = resolveInsightsQuery({ from: "2026-03-01", to: "2026-03-01", group_by: "status", date_field: "payment" }, "2026-03-03");
    await createInsightsAggregator({ list: provider.list }).getInsights(q);
    expect(provider.calls[0]).toMatchObject({ payment_start_date: "2026-03-01T00:00:00", payment_end_date: "2026-03-01T23:59:59" });
    expect(provider.calls.some((c) => c.registration_start_date)).toBe(false);
  });
});

describe("insights aggregator: partial failures", () => {
  it("marks failed points and counts failed calls, never a silent zero", async () => {
    const provider = fakeProvider({ failWhen: (p) => p.status === "sent" && p.registration_start_date === "2026-03-02T00:00:00" });
    const answer = await createInsightsAggregator({ list: provider.list }).getInsights(byDay);
    expect(answer.partial).toBe(true);
    expect(answer.failed).toBe(1);
    expect(answer.errors).toEqual(["The payments provider failed (HTTP 500)"]);
    const failed = answer.series.filter((p) => !isFigurePoint(p));
    expect(failed).toEqual([
      {
        bucket: "2026-03-02",
        status: "sent",
        start: "2026-03-02T00:00:00",
        end: "2026-03-02T23:59:59",
        error: "The payments provider failed (HTTP 500)",
      },
    ]);
    // The totals come from whole-range queries, which succeeded: they stay exact.
    expect(answer.totals.value_cents).toBe(19_533);
  });

  it("gives an unknown in-flight value when one in-flight status failed", async () => {
    const provider = fakeProvider({ failWhen: (p) => p.status === "sent" });
    const answer = await createInsightsAggregator({ list: provider.list }).getInsights(byStatus);
    expect(answer.totals).toMatchObject({ value_cents: 19_533, completed_value_cents: 12_599, in_flight_value_cents: null, canceled_value_cents: 700 });
  });

  it("gives null totals (unknown) when their whole-range query fails", async () => {
    const provider = fakeProvider({ failWhen: (p) => !p.status || p.status === "canceled" });
    const answer = await createInsightsAggregator({ list: provider.list }).getInsights(byStatus);
    expect(answer.totals).toEqual({
      count: null,
      value_cents: null,
      completed_value_cents: 12_599,
      in_flight_value_cents: 6_234,
      canceled_value_cents: null,
      canceled_count: null,
    });
    expect(answer.failed).toBe(2);
  });

  it("does not cache a partial answer: a retry asks again only for what failed", async () => {
    let failing = true;
    const provider = fakeProvider({ failWhen: (p) => failing && p.status === "canceled" });
    const aggregator = createInsightsAggregator({ list: provider.list });
    expect((await aggregator.getInsights(byStatus)).partial).toBe(true);
    const firstCalls = provider.calls.length;
    failing = false;
    const retried = await aggregator.getInsights(byStatus);
    expect(retried.partial).toBe(false);
    expect(retried.totals.canceled_count).toBe(1);
    expect(provider.calls.length - firstCalls).toBe(1);
  });
});

describe("insights aggregator: cache and single flight", () => {
  it("answers from the cache within the TTL and asks again after it", async () => {
    let clock = 1_000_000;
    const provider = fakeProvider();
    const aggregator = createInsightsAggregator({ list: provider.list, ttlMs: 15_000, now: () => clock });
    const first = await aggregator.getInsights(byDay);
    const callsAfterFirst = provider.calls.length;
    clock += 14_999;
    expect(await aggregator.getInsights(byDay)).toBe(first);
    expect(provider.calls.length).toBe(callsAfterFirst);
    clock += 2;
    await aggregator.getInsights(byDay);
    expect(provider.calls.length).toBe(callsAfterFirst * 2);
  });

  it("shares the whole-range calls between the status and the day answers", async () => {
    const provider = fakeProvider();
    const aggregator = createInsightsAggregator({ list: provider.list });
    await aggregator.getInsights(byStatus);
    await aggregator.getInsights(byDay);
    expect(provider.calls).toHaveLength(21);
  });

  it("makes identical concurrent requests share one computation", async () => {
    const provider = fakeProvider({ delayMs: 5 });
    const aggregator = createInsightsAggregator({ list: provider.list });
    const answers = await Promise.all([1, 2, 3, 4].map(() => aggregator.getInsights(byDay)));
    expect(provider.calls).toHaveLength(21);
    expect(new Set(answers).size).toBe(1);
  });
});

describe("insights aggregator: concurrency", () => {
  it.each([1, 3, 8])("never has more than %i provider calls in flight", async (limit) => {
    const provider = fakeProvider({ delayMs: 3 });
    const aggregator = createInsightsAggregator({ list: provider.list, concurrency: limit, ttlMs: 0 });
    const q = resolveInsightsQuery({ from: "2026-03-01", to: "2026-03-10" }, "2026-03-10");
    await Promise.all([aggregator.getInsights(q), aggregator.getInsights({ ...q, group_by: "week" })]);
    expect(provider.maxInFlight()).toBe(limit);
  });

  it("refuses a bad range before calling the provider", async () => {
    const provider = fakeProvider();
    const q = resolveInsightsQuery({ from: "2026-01-01", to: "2026-06-30", group_by: "day" }, "2026-06-30");
    await expect(createInsightsAggregator({ list: provider.list }).getInsights(q)).rejects.toThrow(/group by week/);
    expect(provider.calls).toHaveLength(0);
  });
});
