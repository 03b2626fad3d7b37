import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { rowsOf, TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { createEventBus, type BusMessage, type EventBus } from "@/lib/events/bus";
import { setEventBusForTests } from "@/lib/events/runtime";
import { MAX_WEBHOOK_BODY_BYTES } from "@/lib/events/verify";
import { deliveryBody, deliveryRequest, TEST_AUTHORIZATION, testMessage } from "@/lib/events/testing";
import { POST } from "./route";

process.env.PAYMENTS_WEBHOOK_AUTHORIZATION = TEST_AUTHORIZATION;
process.env.LOG_LEVEL = "silent";
delete process.env.PAYMENTS_API_URL;
delete process.env.PAYMENTS_API_CLIENT_SECRET; // sandbox mode: the md5 secret is "sandbox-secret"
resetEnvForTests();

type Row = { result: string; reason: string | null; idempotent_id: string | null; status: string | null; repeat_count: number };

describe.each(TEST_ENGINES)("POST /api/webhooks/pix on $name", (engine) => {
  let store: TestStore;
  let bus: EventBus;
  let published: BusMessage[] = [];
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    bus = await createEventBus({ db: store.db });
    bus.subscribe((m) => published.push(m));
    setEventBusForTests(bus);
  });
  afterAll(async () => {
    setEventBusForTests(undefined);
    setStoreForTests(undefined);
    await bus?.close();
    await store?.close();
  });
  beforeEach(async () => {
    await store.db.execute(sql`truncate webhook_events`);
    published = [];
  });

  const post = (req: Request) => POST(req, undefined as never);
  const rows = async () =>
    rowsOf<Row>(await store.db.execute(sql`select result, reason, idempotent_id, status, repeat_count from webhook_events order by id`));
  const settle = () => new Promise((r) => setTimeout(r, 10));

  it("accepts a right delivery: 200 after storing it, then fans it out", async () => {
    const res = await post(deliveryRequest(deliveryBody()));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, duplicate: false });
    expect(await rows()).toEqual([{ result: "accepted", reason: null, idempotent_id: "hook-test-1", status: "sent", repeat_count: 0 }]);
    await settle();
    expect(published.map((m) => [m.event.status, m.repeat])).toEqual([["sent", false]]);
  });

  it("a repeat delivery is answered 200 and counted, not stored twice", async () => {
    await post(deliveryRequest(deliveryBody()));
    const again = await post(deliveryRequest(deliveryBody()));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect((await rows()).map((r) => [r.result, r.repeat_count])).toEqual([["accepted", 1]]);
    await settle();
    expect(published.map((m) => m.repeat)).toEqual([false, true]);
  });

  it("a wrong or missing Authorization header is 401 and stores no change", async () => {
    for (const authorization of [null, "Bearer guessed", `${TEST_AUTHORIZATION}x`]) {
      const res = await post(deliveryRequest(deliveryBody(), { authorization }));
      expect(res.status, String(authorization)).toBe(401);
      expect(await res.json()).toMatchObject({ error: "Authorization header missing or wrong" });
    }
    const stored = await rows();
    expect(stored.every((r) => r.result === "rejected" && r.reason === "authorization" && r.idempotent_id === null)).toBe(true);
    expect(stored).toHaveLength(3);
  });

  it("a wrong md5 is 401: the rejected row keeps what it claimed, not as a change", async () => {
    const body = { ...deliveryBody(), md5: "0".repeat(32) };
    const res = await post(deliveryRequest(body));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "md5 does not match the message" });
    expect(await rows()).toEqual([{ result: "rejected", reason: "md5", idempotent_id: "hook-test-1", status: "sent", repeat_count: 0 }]);
  });

  it("a body tampered with after signing (value changed) is 401", async () => {
    const body = deliveryBody();
    const res = await post(deliveryRequest({ ...body, message: { ...body.message, value_cents: 1 } }));
    expect(res.status).toBe(401);
    expect((await rows())[0]).toMatchObject({ result: "rejected", reason: "md5" });
  });

  it("an oversized body is 413, declared or streamed", async () => {
    const big = { ...deliveryBody(), padding: "x".repeat(MAX_WEBHOOK_BODY_BYTES) };
    const res = await post(deliveryRequest(big));
    expect(res.status).toBe(413);
    const chunk = new TextEncoder().encode("x".repeat(32 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ < 10) c.enqueue(chunk);
        else c.close();
      },
    });
    const streamed = new Request("http://127.0.0.1:3000/api/webhooks/pix", {
      method: "POST",
      headers: { authorization: TEST_AUTHORIZATION, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect((await post(streamed)).status).toBe(413);
    expect((await rows()).map((r) => r.reason)).toEqual(["too_large", "too_large"]);
  });

  it("malformed JSON and foreign shapes are 400", async () => {
    const bad = await post(deliveryRequest('{"notification_type": "pix_payment", "message": '));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Body is not valid JSON" });
    const foreign = await post(deliveryRequest({ notification_type: "pix_qrcode", message: testMessage(), md5: "a".repeat(32) }));
    expect(foreign.status).toBe(400);
    expect((await rows()).map((r) => [r.result, r.reason])).toEqual([
      ["rejected", "malformed_json"],
      ["rejected", "invalid_payload"],
    ]);
  });

  it("a rejected delivery never reaches the payment's change history", async () => {
    await post(deliveryRequest({ ...deliveryBody(testMessage({ status: "canceled" })), md5: "f".repeat(32) }));
    await post(deliveryRequest(deliveryBody(testMessage({ status: "sent" }))));
    const accepted = (await rows()).filter((r) => r.result === "accepted");
    expect(accepted.map((r) => r.status)).toEqual(["sent"]);
    await settle();
    const change = published.find((m) => m.event.result === "accepted");
    expect(change?.event.previous_status).toBeNull();
  });
});
