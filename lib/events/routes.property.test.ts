import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { rowsOf, TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { problemSchema } from "@/lib/domain/errors";
import { resetEnvForTests } from "@/lib/env";
import { startTestSandbox } from "@/lib/payments-api/test-sandbox";
import { requestToken, sandboxClient } from "@/sandbox/testing";
import { createEventBus, type EventBus } from "./bus";
import { setEventBusForTests } from "./runtime";
import { deliveryBody, deliveryRequest, sseReader, TEST_AUTHORIZATION, testMessage } from "./testing";

// Property (the proxy routes' fuzz suite, extended) for the event routes: generated bad input at
// GET /api/events/log and POST /api/webhooks/pix is answered 4xx JSON in our error shape, never
// 5xx, and no bad delivery is ever stored as a change. GET /api/events (the live stream) has no
// input to refuse but its resume point: a bad one is ignored (a fresh stream), never a 5xx.
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-admin", email: "admin@demo.test", name: "A", role: "admin" } })),
}));
process.env.PAYMENTS_WEBHOOK_AUTHORIZATION = TEST_AUTHORIZATION;
process.env.LOG_LEVEL = "silent";
delete process.env.PAYMENTS_API_URL;
delete process.env.PAYMENTS_API_CLIENT_SECRET; // sandbox mode: the md5 secret is "sandbox-secret"
resetEnvForTests();

const { GET: stream } = await import("@/app/api/events/route");
const { GET: log } = await import("@/app/api/events/log/route");
const { POST: webhook } = await import("@/app/api/webhooks/pix/route");

let store: TestStore;
let bus: EventBus;
beforeAll(async () => {
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
  bus = await createEventBus({ db: store.db });
  setEventBusForTests(bus);
});
afterAll(async () => {
  setEventBusForTests(undefined);
  setStoreForTests(undefined);
  await bus?.close();
  await store?.close();
});

async function expectRefused(res: Response, label: unknown): Promise<void> {
  if (res.status < 400 || res.status >= 500) throw new Error(`status ${res.status} for ${JSON.stringify(label).slice(0, 300)}`);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = problemSchema.safeParse(await res.json());
  if (!body.success || !body.data.error) throw new Error(`not our error shape for ${JSON.stringify(label).slice(0, 300)}`);
}

const junk = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
  fc.constantFrom("../", "%2F", "\u0000", "\r\n", "<script>", "' OR 1=1 --", "1e309", "NaN", "-1", "[]", "{}"),
);

describe("GET /api/events/log with bad input", () => {
  it("answers 4xx JSON, never 5xx", async () => {
    const bad = fc.oneof(
      fc.record({ page: fc.oneof(fc.constantFrom("0", "-1", "1.5", "abc", "100001", "99999999999"), junk.filter((s) => !(Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 100_000))) }),
      fc.record({ result: junk.filter((s) => !["accepted", "rejected", "duplicate"].includes(s)) }),
      fc.record({ payment: fc.oneof(fc.constantFrom(" ", "\t", "  \n "), fc.string({ minLength: 201, maxLength: 400 }).filter((s) => s.trim().length > 200)) }),
    );
    await fc.assert(
      fc.asyncProperty(bad, async (params) => {
        const qs = new URLSearchParams(params as Record<string, string>).toString();
        await expectRefused(await log(new Request(`http://localhost/api/events/log?${qs}`), undefined as never), params);
      }),
      { numRuns: 800 },
    );
  });

  it("refuses a parameter given twice", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("page", "result", "payment"), fc.string({ minLength: 1, maxLength: 8 }), async (key, value) => {
        const qs = new URLSearchParams([[key, value], [key, value]]).toString();
        await expectRefused(await log(new Request(`http://localhost/api/events/log?${qs}`), undefined as never), { key, value });
      }),
      { numRuns: 100 },
    );
  });
});

describe("GET /api/events with a bad resume point", () => {
  it("never fails the stream: 200 text/event-stream up to its ready frame, never a 5xx", async () => {
    // Not an event id (`<webhook id>` or `<webhook id>-<feed id>`) / not epoch milliseconds (1 to 15 digits), by construction. (A NUL byte is
    // refused with a 400 like at every route: app/api/payments/fuzz.test.ts.)
    const notAnId = fc
      .oneof(junk, fc.constantFrom("-1", "1.5", "1".repeat(16), "0x10", " ", "1e12"))
      .filter((s) => !/^\d{1,15}(-\d{1,15})?$/.test(s.trim()) && !s.includes("\u0000"));
    const resume = fc.record(
      { header: notAnId, lastEventId: notAnId, since: notAnId },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(resume, async ({ header, lastEventId, since }) => {
        const search = new URLSearchParams();
        if (lastEventId !== undefined) search.set("last_event_id", lastEventId);
        if (since !== undefined) search.set("since", since);
        const controller = new AbortController();
        const headers = new Headers();
        // A header carries visible ASCII only (anything else cannot be sent at all).
        if (header !== undefined && /^[\x20-\x7e]*$/.test(header)) headers.set("last-event-id", header);
        const res = await stream(new Request(`http://localhost/api/events?${search}`, { headers, signal: controller.signal }), undefined as never);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toContain("text/event-stream");
        const reader = sseReader(res.body!);
        const ready = await reader.next((f) => f.event === "ready");
        controller.abort();
        await reader.cancel().catch(() => undefined);
        // A fresh start: the newest webhook event id, and the newest feed id for those who may read the feed.
        expect(ready.id).toMatch(/^\d+(-\d+)?$/);
      }),
      { numRuns: 150 },
    );
  });
});

describe("POST /api/webhooks/pix with bad deliveries", () => {
  const acceptedCount = async () =>
    Number(rowsOf<{ n: number | string }>(await store.db.execute(sql`select count(*) as n from webhook_events where result = 'accepted'`))[0]?.n ?? 0);

  it("answers 4xx JSON, never 5xx, and stores no change", async () => {
    const message = fc.record({
      reference_code: fc.string({ minLength: 1, maxLength: 20 }),
      idempotent_id: fc.string({ minLength: 1, maxLength: 20 }),
      value_cents: fc.integer({ min: 1, max: 100_000_000 }),
    });
    const notJson = fc.string({ maxLength: 80 }).filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    });
    const delivery = fc.oneof(
      // Right body, wrong or missing Authorization.
      fc.tuple(fc.oneof(fc.constant(null), fc.string({ maxLength: 60 }), fc.constant(`${TEST_AUTHORIZATION}x`), fc.constant("Bearer")), message).map(
        ([authorization, m]) => ({ authorization, body: JSON.stringify(deliveryBody(testMessage(m))) }),
      ),
      // Right Authorization, wrong md5 (random, or over other values than the message's).
      fc.tuple(message, fc.stringMatching(/^[0-9a-f]{32}$/)).map(([m, md5]) => ({ authorization: TEST_AUTHORIZATION, body: JSON.stringify({ ...deliveryBody(testMessage(m)), md5 }) })),
      fc.tuple(message, fc.integer({ min: 1, max: 1000 })).map(([m, extra]) => {
        const signed = deliveryBody(testMessage(m));
        return { authorization: TEST_AUTHORIZATION, body: JSON.stringify({ ...signed, message: { ...signed.message, value_cents: m.value_cents + extra } }) };
      }),
      // Not JSON, JSON that is no notification, a notification of another type or shape.
      notJson.map((body) => ({ authorization: TEST_AUTHORIZATION, body })),
      fc.jsonValue().map((v) => ({ authorization: TEST_AUTHORIZATION, body: JSON.stringify(v) })),
      fc.tuple(message, junk).map(([m, type]) => ({ authorization: TEST_AUTHORIZATION, body: JSON.stringify({ ...deliveryBody(testMessage(m)), notification_type: type }) })),
      fc.tuple(message, fc.constantFrom("value_cents", "idempotent_id", "reference_code", "status"), fc.oneof(fc.constant(null), fc.constant([]), fc.constant({}), fc.boolean())).map(
        ([m, field, value]) => {
          const signed = deliveryBody(testMessage(m));
          return { authorization: TEST_AUTHORIZATION, body: JSON.stringify({ ...signed, message: { ...signed.message, [field]: value } }) };
        },
      ),
      // Larger than 64 KiB.
      fc.integer({ min: 65_537, max: 90_000 }).map((n) => ({ authorization: TEST_AUTHORIZATION, body: JSON.stringify({ ...deliveryBody(), padding: "x".repeat(n) }) })),
    );
    await fc.assert(
      fc.asyncProperty(delivery, async ({ authorization, body }) => {
        const res = await webhook(deliveryRequest(body, { authorization }), undefined as never);
        await expectRefused(res, { authorization, body: body.slice(0, 200) });
      }),
      { numRuns: 600 },
    );
    expect(await acceptedCount()).toBe(0);
    // The same route does accept a right delivery (the property is not vacuous): one the
    // provider confirms when the receiver reads it back.
    const ts = await startTestSandbox({ autoClock: false, seedCount: 10 });
    try {
      const api = sandboxClient(ts.sandbox.url, await requestToken(ts.sandbox.url));
      const made = await api.post("/v1/pix/payments", { idempotent_id: "property-ok", value_cents: 500, pix_key_type: "email", pix_key: "a@b.com.br" });
      const item = (await api.get(`/v1/pix/payments?reference_code=${made.body.payment.reference_code}`)).body.payments[0];
      const ok = await webhook(deliveryRequest(deliveryBody({ ...item, receipt_url: null })), undefined as never);
      expect(ok.status).toBe(200);
      expect(await acceptedCount()).toBe(1);
    } finally {
      await ts.close();
    }
  });
});
