import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { problemSchema } from "@/lib/domain/errors";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { addCalendarDays, INSIGHTS_LIMITS } from "./buckets";

// Property (the proxy routes' fuzz suite, extended): generated bad queries at GET /api/insights
// are all answered 4xx JSON in our error shape, never 5xx, before a single provider call.
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-viewer", email: "viewer@demo.test", name: "V", role: "viewer" } })),
}));

const { GET } = await import("@/app/api/insights/route");

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(() => {
  t.calls.length = 0;
});

async function expectRefused(res: Response, label: unknown): Promise<void> {
  if (res.status < 400 || res.status >= 500) throw new Error(`status ${res.status} for ${JSON.stringify(label)}`);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = problemSchema.safeParse(await res.json());
  if (!body.success || !body.data.error) throw new Error(`not our error shape for ${JSON.stringify(label)}`);
}

const junk = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
  fc.constantFrom("../", "%2F", "\u0000", "\r\n", "<script>", "' OR 1=1 --", "NaN", "[]", "2026-02-30", "2026-13-01", "2026-11-1", "26-11-01", "2026/11/01", "2026-11-01T00:00:00", "1899-12-31"),
);
const notADay = junk.filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s) || ["2026-02-30", "2026-13-01", "1899-12-31"].includes(s));
const day = fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2090-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const long = (min: number) => fc.string({ minLength: min + 1, maxLength: min + 100 }).filter((s) => s.length > min);

/** Insights queries with at least one thing wrong, by construction. */
const badInsightsQuery = fc.oneof(
  fc.record({ from: notADay, to: day }),
  fc.record({ from: day, to: notADay }),
  fc.record({ from: day }),
  fc.record({ to: day }),
  // Backwards ranges.
  fc.tuple(day, fc.integer({ min: 1, max: 400 })).map(([to, back]) => ({ from: to, to: addCalendarDays(to, -back) })),
  // Longer than any grouping allows, longer than daily buckets allow, more weeks than allowed.
  fc.tuple(day, fc.integer({ min: INSIGHTS_LIMITS.maxRangeDays, max: 5_000 })).map(([from, n]) => ({ from, to: addCalendarDays(from, n), group_by: "status" })),
  fc.tuple(day, fc.integer({ min: INSIGHTS_LIMITS.maxDailyBuckets, max: 700 })).map(([from, n]) => ({ from, to: addCalendarDays(from, n), group_by: "day" })),
  fc.tuple(day, fc.integer({ min: INSIGHTS_LIMITS.maxWeeklyBuckets * 7 + 7, max: 730 })).map(([from, n]) => ({ from, to: addCalendarDays(from, n), group_by: "week" })),
  fc.record({ group_by: junk.filter((s) => !["status", "day", "week"].includes(s)) }),
  fc.record({ date_field: junk.filter((s) => !["registration", "payment"].includes(s)) }),
  fc.record({ status: junk.filter((s) => !/^[a-z_]{1,40}$/.test(s)) }),
  fc.record({ receiver_document: junk.filter((s) => !/^\d+$/.test(s)) }),
  fc.record({ receiver_name: long(100) }),
  fc.record({ reference_code: long(100) }),
  fc.record({ end_to_end: long(32) }),
);

describe("GET /api/insights with bad input", () => {
  it("answers 4xx JSON in our error shape, never 5xx, with no provider call", async () => {
    let seen = 0;
    await fc.assert(
      fc.asyncProperty(badInsightsQuery, async (params) => {
        const qs = new URLSearchParams(params as Record<string, string>).toString();
        await expectRefused(await GET(new Request(`http://localhost:3000/api/insights?${qs}`), undefined), params);
        seen += 1;
      }),
      { numRuns: 1_500 },
    );
    expect(seen).toBeGreaterThanOrEqual(1_500);
    expect(t.calls).toHaveLength(0);
  });

  it("refuses a parameter given twice, whatever its values", async () => {
    const key = fc.constantFrom("from", "to", "group_by", "date_field", "status", "receiver_name");
    await fc.assert(
      fc.asyncProperty(key, fc.string({ minLength: 1, maxLength: 12 }), fc.string({ minLength: 1, maxLength: 12 }), async (k, a, b) => {
        const qs = new URLSearchParams([[k, a], [k, b]]).toString();
        await expectRefused(await GET(new Request(`http://localhost:3000/api/insights?${qs}`), undefined), { k, a, b });
      }),
      { numRuns: 200 },
    );
    expect(t.calls).toHaveLength(0);
  });
});
