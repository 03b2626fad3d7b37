import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { problemSchema } from "@/lib/domain/errors";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";

// Property (the proxy routes' fuzz suite, extended): generated bad list filters at
// GET /api/payments/export are all answered 4xx JSON (never a CSV, never 5xx) before a single
// provider call and without an audit entry.
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-viewer", email: "viewer@demo.test", name: "V", role: "viewer" } })),
}));
const audit = vi.hoisted(() => ({ recordAudit: vi.fn(async () => {}) }));
vi.mock("@/lib/db/audit", () => audit);

const { GET } = await import("@/app/api/payments/export/route");
const NO_PARAMS = { params: Promise.resolve({}) };

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
  expect(res.headers.get("content-disposition")).toBeNull();
  const body = problemSchema.safeParse(await res.json());
  if (!body.success || !body.data.error) throw new Error(`not our error shape for ${JSON.stringify(label)}`);
}

const junk = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
  fc.constantFrom("../", "%2e%2e%2f", "\u0000", "\r\n", "<script>", "' OR 1=1 --", "1e309", "NaN", "-0", "[]", "{}"),
);
const long = (min: number) => fc.string({ minLength: min + 1, maxLength: min + 200 }).filter((s) => s.length > min);
const notListDate = fc
  .oneof(junk, fc.constantFrom("2026-11-01", "2026-11-01 00:00:00", "2026-11-01T00:00:00Z", "01/11/2026", "2026-11-01T00:00", "2026-11-01T00:00:00.000-03:00"))
  .filter((s) => !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(s));

/** Export filters with exactly one thing wrong (bad by construction, not by our schema). */
const badExportQuery = fc.oneof(
  // The export ignores `page` (the file is the whole query) but still refuses one that is no
  // page number at all. (It reads it as the provider would, so "0x10" or "1e1" pass as numbers.)
  fc.record({ page: fc.oneof(fc.constantFrom("0", "-1", "1.5", "abc", "1,5", "99999999999"), junk.filter((s) => !(Number.isInteger(Number(s)) && Number(s) > 0))) }),
  fc.record({ registration_start_date: fc.constant("2026-11-01T00:00:00") }),
  fc.record({ registration_end_date: fc.constant("2026-11-30T23:59:59") }),
  fc.record({ payment_start_date: fc.constant("2026-11-01T00:00:00") }),
  fc.record({ payment_end_date: fc.constant("2026-11-30T23:59:59") }),
  fc.record({ registration_start_date: notListDate, registration_end_date: fc.constant("2026-11-30T23:59:59") }),
  fc.record({ payment_start_date: fc.constant("2026-11-01T00:00:00"), payment_end_date: notListDate }),
  fc.record({ receiver_document: fc.oneof(long(14).map((s) => s.replace(/\D/g, "1").padEnd(15, "1")), junk.filter((s) => !/^\d+$/.test(s))) }),
  fc.record({ status: junk.filter((s) => !/^[a-z_]{1,40}$/.test(s)) }),
  fc.record({ receiver_name: long(100) }),
  fc.record({ reference_code: long(100) }),
  fc.record({ end_to_end: long(32) }),
  fc.record({ format: junk.filter((s) => s.trim() !== "" && s !== "csv" && s !== "xlsx") }),
);

describe("GET /api/payments/export with bad input", () => {
  it("answers 4xx JSON in our error shape, never a file or a 5xx, with no provider call", async () => {
    let seen = 0;
    await fc.assert(
      fc.asyncProperty(badExportQuery, async (params) => {
        const qs = new URLSearchParams(params as Record<string, string>).toString();
        await expectRefused(await GET(new Request(`http://localhost:3000/api/payments/export?${qs}`), NO_PARAMS), params);
        seen += 1;
      }),
      { numRuns: 1_500 },
    );
    expect(seen).toBeGreaterThanOrEqual(1_500);
    expect(t.calls).toHaveLength(0);
    expect(audit.recordAudit).not.toHaveBeenCalled();
  });

  it("refuses a filter given twice (which one would the provider read?)", async () => {
    const key = fc.constantFrom("status", "receiver_name", "receiver_document", "reference_code", "end_to_end", "page");
    await fc.assert(
      fc.asyncProperty(key, fc.string({ minLength: 1, maxLength: 12 }), fc.string({ minLength: 1, maxLength: 12 }), async (k, a, b) => {
        const qs = new URLSearchParams([[k, a], [k, b]]).toString();
        await expectRefused(await GET(new Request(`http://localhost:3000/api/payments/export?${qs}`), NO_PARAMS), { k, a, b });
      }),
      { numRuns: 200 },
    );
    expect(t.calls).toHaveLength(0);
  });
});
