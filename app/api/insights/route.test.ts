import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListPaymentsParams } from "@/lib/contract/list";
import { resetEnvForTests } from "@/lib/env";
import { addCalendarDays } from "@/lib/insights/buckets";
import { isFigurePoint } from "@/lib/insights/points";
import { insightsAnswerSchema, type InsightsAnswer } from "@/lib/insights/schema";
import { resetInsightsCacheForTests } from "@/lib/insights/server";
import { listPayments } from "@/lib/payments-api";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { brazilDayKey } from "@/lib/pix/time";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ answer: "user" as "user" | 401 | 403 }));
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () =>
    auth.answer === "user"
      ? { user: { id: "u-viewer", email: "viewer@demo.test", name: "Vera Viewer", role: "viewer" } }
      : { response: guardRefusal(auth.answer, auth.answer === 401 ? "Sign in required" : "Your role may not view payments") },
  ),
}));

const { GET } = await import("./route");

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ seedCount: 2_000, autoClock: false });
  // 156 calls on a busy 2-core machine: the suite's 400 ms client timeout would make a cold
  // run partial (that path has its own test below).
  process.env.PAYMENTS_API_TIMEOUT_MS = "5000";
  resetEnvForTests();
});
afterAll(() => t.close());
beforeEach(async () => {
  auth.answer = "user";
  resetInsightsCacheForTests();
  await t.clearFaults();
  t.calls.length = 0;
});

async function insights(query = "", locale?: "en" | "pt-BR"): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = locale ? { cookie: `NEXT_LOCALE=${locale}` } : {};
  const res = await GET(new Request(`http://localhost:3000/api/insights${query}`, { headers }), undefined);
  return { status: res.status, body: await res.json() };
}
async function answerOf(query = ""): Promise<InsightsAnswer> {
  const { status, body } = await insights(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return insightsAnswerSchema.parse(body);
}
const meta = async (params: ListPaymentsParams) => (await listPayments(params)).meta;
const sumSeries = (answer: InsightsAnswer) =>
  answer.series.filter(isFigurePoint).reduce((s, p) => ({ count: s.count + p.count, value_cents: s.value_cents + p.value_cents }), { count: 0, value_cents: 0 });

const today = () => brazilDayKey(new Date());

describe("GET /api/insights against the sandbox", () => {
  it("defaults to the last 30 Brazil days by day; the buckets add up to one list query over the range", async () => {
    const answer = await answerOf();
    expect(answer.errors).toEqual([]);
    expect(answer.partial).toBe(false);
    expect(answer.group_by).toBe("day");
    expect(answer.date_field).toBe("registration");
    expect(answer.range).toMatchObject({ from: addCalendarDays(today(), -29), to: today(), days: 30 });
    expect(new Set(answer.series.map((p) => p.bucket)).size).toBe(30);
    const whole = await meta({ registration_start_date: answer.range.start, registration_end_date: answer.range.end });
    expect(whole.total_items_amount).toBeGreaterThan(0);
    expect(sumSeries(answer)).toEqual({ count: whole.total_items_amount, value_cents: whole.total_value_cents });
    expect(answer.totals.count).toBe(whole.total_items_amount);
    expect(answer.totals.value_cents).toBe(whole.total_value_cents);
    // 30 days x 5 statuses + the whole range + 5 whole-range statuses.
    expect(answer.calls).toBe(156);
  });

  it("weekly buckets and the by-status grouping add up to the same whole", async () => {
    const from = addCalendarDays(today(), -60);
    const q = `from=${from}&to=${today()}`;
    const [weekly, byStatus] = await Promise.all([answerOf(`?${q}&group_by=week`), answerOf(`?${q}&group_by=status`)]);
    expect([weekly.partial, byStatus.partial]).toEqual([false, false]);
    const whole = await meta({ registration_start_date: `${from}T00:00:00`, registration_end_date: `${today()}T23:59:59` });
    const expected = { count: whole.total_items_amount, value_cents: whole.total_value_cents };
    expect(sumSeries(weekly)).toEqual(expected);
    expect(sumSeries(byStatus)).toEqual(expected);
    const completed = await meta({ status: "completed", registration_start_date: `${from}T00:00:00`, registration_end_date: `${today()}T23:59:59` });
    expect(byStatus.totals.completed_value_cents).toBe(completed.total_value_cents);
  });

  it("groups on payment dates and passes the list filters through", async () => {
    const from = addCalendarDays(today(), -20);
    const answer = await answerOf(`?from=${from}&to=${today()}&date_field=payment&status=completed`);
    expect(answer.statuses).toEqual(["completed"]);
    const whole = await meta({ status: "completed", payment_start_date: `${from}T00:00:00`, payment_end_date: `${today()}T23:59:59` });
    expect(sumSeries(answer)).toEqual({ count: whole.total_items_amount, value_cents: whole.total_value_cents });
    expect(answer.totals.canceled_count).toBe(0);
  });

  it("answers a repeat from the cache, without calling the provider", async () => {
    await answerOf("?group_by=status");
    const before = t.calls.length;
    await answerOf("?group_by=status");
    expect(t.calls.length).toBe(before);
  });

  it("marks a partial answer when provider calls fail, and recovers on retry", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments", fault: "500", times: 10_000 });
    const broken = await answerOf("?group_by=status");
    expect(broken.partial).toBe(true);
    expect(broken.failed).toBe(6);
    expect(broken.totals.count).toBeNull();
    expect(broken.series.every((p) => !isFigurePoint(p))).toBe(true);
    expect(broken.errors[0]).toMatch(/provider/i);
    await t.clearFaults();
    const retried = await answerOf("?group_by=status");
    expect(retried.partial).toBe(false);
    expect(retried.totals.count).toBeGreaterThan(0);
  });
});

describe("GET /api/insights refuses what it cannot answer", () => {
  it("more than 93 days by day, suggesting weekly, in the caller's language, before any provider call", async () => {
    const { status, body } = await insights(`?from=2026-01-01&to=2026-04-30`, "en");
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: expect.stringMatching(/120 days is too long to show by day.*group by week/), fields: { group_by: expect.any(String) } });
    const portuguese = await insights(`?from=2026-01-01&to=2026-04-30`);
    expect((portuguese.body as { error: string }).error).toBe(
      "120 dias é muito para mostrar por dia (no máximo 93): agrupe por semana ou escolha um período menor.",
    );
    const reversed = await insights(`?from=2026-03-02&to=2026-03-01&group_by=status`);
    expect((reversed.body as { error: string }).error).toBe("O período começa (02/03/2026) depois de terminar (01/03/2026).");
    expect(t.calls).toHaveLength(0);
  });

  it("half ranges, impossible dates and unknown groupings", async () => {
    for (const [query, field] of [
      ["?from=2026-01-01", "to"],
      ["?from=2026-02-30&to=2026-03-01", "from"],
      ["?group_by=month", "group_by"],
      ["?date_field=cancellation", "date_field"],
      ["?from=2026-03-02&to=2026-03-01", "to"],
    ] as const) {
      const { status, body } = await insights(query);
      expect(status, query).toBe(400);
      expect((body as { fields: Record<string, string> }).fields, query).toHaveProperty(field);
      // Worded, never a message key.
      expect((body as { error: string }).error, query).not.toMatch(/^overview\./);
    }
    expect(t.calls).toHaveLength(0);
  });

  it("passes the guard's 401 and 403 through", async () => {
    auth.answer = 401;
    expect((await insights()).status).toBe(401);
    auth.answer = 403;
    expect((await insights()).status).toBe(403);
    expect(t.calls).toHaveLength(0);
  });
});
