import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { rowsOf, TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createEventBus, type BusMessage, type EventBus } from "@/lib/events/bus";
import { setEventBusForTests } from "@/lib/events/runtime";
import { listEvents } from "@/lib/events/store";
import { TEST_AUTHORIZATION } from "@/lib/events/testing";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { planFor } from "@/sandbox/lifecycle";
import type { RunningSandbox } from "@/sandbox/server";
import { requestToken, sandboxClient, type SandboxClient } from "@/sandbox/testing";
import { POST } from "./route";

/**
 * The sandbox provider delivering to the real route handler behind a tiny node:http adapter,
 * with the retry schedule compressed to milliseconds. The receiver reads every delivery back
 * from this same sandbox (the provider client points at it).
 */

/** What the adapter does with the n-th request (0-based). */
type Mode = "handle" | "lose-answer" | "down";
let plan: (n: number) => Mode = () => "handle";
let requests = 0;

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as RequestInit);
}

describe.each(TEST_ENGINES)("sandbox deliveries to the receiver on $name", (engine) => {
  let store: TestStore;
  let bus: EventBus;
  let receiver: Server;
  let ts: TestSandbox;
  let sb: RunningSandbox;
  let api: SandboxClient;
  let published: BusMessage[] = [];

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    bus = await createEventBus({ db: store.db });
    bus.subscribe((m) => published.push(m));
    setEventBusForTests(bus);
    receiver = createServer((req, res) => {
      const mode = plan(requests++);
      if (mode === "down") {
        req.resume();
        res.writeHead(503).end();
        return;
      }
      POST(toRequest(req, "http://127.0.0.1"), undefined as never)
        .then(async (answer) => {
          const text = await answer.text();
          res.writeHead(mode === "lose-answer" ? 500 : answer.status, { "content-type": "application/json" }).end(text);
        })
        .catch(() => res.writeHead(500).end());
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    ts = await startTestSandbox({ seedCount: 20, autoClock: false, webhookRetryMs: 20, webhookMaxAttempts: 5 });
    sb = ts.sandbox;
    expect(process.env.PAYMENTS_WEBHOOK_AUTHORIZATION).toBe(TEST_AUTHORIZATION);
    api = sandboxClient(sb.url, await requestToken(sb.url));
  });
  afterAll(async () => {
    await ts?.close();
    await new Promise((r) => receiver?.close(r));
    setEventBusForTests(undefined);
    setStoreForTests(undefined);
    await bus?.close();
    await store?.close();
  });
  beforeEach(async () => {
    await sb.reset({ webhooks: true }); // no payment left moving from an earlier test
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/pix`;
    expect((await api.post("/v1/webhooks/2", { url, authorization: TEST_AUTHORIZATION })).status).toBe(201);
    expect((await api.post("/v1/webhooks/1", { url, authorization: TEST_AUTHORIZATION })).status).toBe(201);
    await store.db.execute(sql`truncate webhook_events, webhook_event_keys`);
    published = [];
    requests = 0;
    plan = () => "handle";
  });

  const idWithPlan = (wanted: ReturnType<typeof planFor>, prefix: string) => {
    for (let i = 0; ; i++) if (planFor(`${prefix}-${engine.name}-${i}`) === wanted) return `${prefix}-${engine.name}-${i}`;
  };
  const register = async (idempotent_id: string) => {
    const res = await api.post("/v1/pix/payments", { idempotent_id, value_cents: 4_321, authorized: true, pix_key_type: "email", pix_key: "a@b.com.br" });
    expect(res.status).toBe(201);
  };
  const stored = async () =>
    rowsOf<{ status: string; result: string; repeat_count: number }>(
      await store.db.execute(sql`select status, result, repeat_count from webhook_events order by id`),
    );

  it("answers lost twice (stored, then 500): 3 attempts, exactly one stored event, two repeats", async () => {
    plan = (n) => (n < 2 ? "lose-answer" : "handle");
    const id = idWithPlan("complete", "lost");
    await register(id);
    await sb.advance(10_000); // -> sent
    await sb.webhooksIdle();
    const delivery = sb.deliveries.find((d) => d.idempotent_id === id)!;
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
    expect(delivery.state).toBe("delivered");
    expect(await stored()).toEqual([{ status: "sent", result: "accepted", repeat_count: 2 }]);
    expect(published.map((m) => [m.event.status, m.repeat])).toEqual([
      ["sent", false],
      ["sent", true],
      ["sent", true],
    ]);
  });

  it("receiver down twice (never reached): 3 attempts, exactly one stored event", async () => {
    plan = (n) => (n < 2 ? "down" : "handle");
    const id = idWithPlan("complete", "down");
    await register(id);
    await sb.advance(10_000);
    await sb.webhooksIdle();
    expect(sb.deliveries.find((d) => d.idempotent_id === id)!.attempts.map((a) => a.status)).toEqual([503, 503, 200]);
    expect(await stored()).toEqual([{ status: "sent", result: "accepted", repeat_count: 0 }]);
  });

  it("a whole lifecycle is logged as sent then completed (or canceled), each with the status before it", async () => {
    const done = idWithPlan("complete", "life");
    const canceled = idWithPlan("cancel_after_sent", "life");
    await register(done);
    await register(canceled);
    // One step at a time: each notification arrives while the provider still says what it says.
    for (const step of [10_000, 10_000]) {
      await sb.advance(step);
      await sb.webhooksIdle();
    }
    const of = async (id: string) =>
      (await listEvents(store.db, { payment: id })).events.map((e) => `${e.previous_status ?? "?"}->${e.status}`);
    expect(await of(done)).toEqual(["sent->completed", "?->sent"]);
    expect(await of(canceled)).toEqual(["sent->canceled", "?->sent"]);
    expect(sb.deliveries.every((d) => d.state === "delivered" && d.attempts.length === 1)).toBe(true);
  });

  it("a notification overtaken by the next change is kept as rejected (the provider says otherwise); the newer one is the change", async () => {
    const id = idWithPlan("complete", "overtaken");
    await register(id);
    await sb.settle(); // sent and completed before the first notification is even delivered
    await sb.webhooksIdle();
    const events = (await listEvents(store.db, { payment: id })).events;
    expect(events.map((e) => [e.result, e.status, e.reason])).toEqual([
      ["accepted", "completed", null],
      ["rejected", "sent", "status_mismatch"],
    ]);
    expect(events[1]?.detail).toBe("The delivery says sent, the provider says completed");
  });

  it("a charge paid at the provider reaches the receiver as a QR code event", async () => {
    const created = await api.post("/v1/pix/qrcodes", { value_cents: 3_300 });
    expect((await api.post(`/v1/pix/qrcodes/${created.body.qrcode.reference_code}/pay`, {})).status).toBe(200);
    await sb.webhooksIdle();
    expect(await stored()).toEqual([{ status: "paid", result: "accepted", repeat_count: 0 }]);
    expect(published.map((m) => [m.event.kind, m.event.reference_code])).toEqual([["qrcode", created.body.qrcode.reference_code]]);
  });
});
