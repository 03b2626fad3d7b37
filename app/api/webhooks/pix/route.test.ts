import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { qrcodeWebhookMd5Text, type PaymentListItem, type QrcodeListItem } from "@/lib/contract";
import { setStoreForTests } from "@/lib/db";
import { rowsOf, TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createEventBus, type BusMessage, type EventBus } from "@/lib/events/bus";
import { WEBHOOK_AUTH_FAILURES_PER_MINUTE, WEBHOOK_READBACKS_PER_MINUTE } from "@/lib/events/names";
import { setEventBusForTests } from "@/lib/events/runtime";
import { MAX_WEBHOOK_BODY_BYTES } from "@/lib/events/verify";
import { deliveryBody, deliveryRequest, TEST_AUTHORIZATION, TEST_SECRET, type TestMessage } from "@/lib/events/testing";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { planFor } from "@/sandbox/lifecycle";
import { requestToken, sandboxClient, type SandboxClient } from "@/sandbox/testing";
import { POST } from "./route";

/**
 * The receiver against a real sandbox provider (lib/payments-api points at it): a verified
 * delivery is only a hint, confirmed by reading the payment or QR code back before anything is
 * stored or pushed. Reproduces what an attacker tried: a forged delivery (right md5, a payment the
 * provider does not have), an edited one (a genuine delivery with its status changed), and an
 * unauthenticated flood (counted, never stored nor pushed).
 */
type Row = { kind: string; result: string; reason: string | null; idempotent_id: string | null; reference_code: string | null; status: string | null; repeat_count: number };

let ts: TestSandbox;
let api: SandboxClient;
beforeAll(async () => {
  ts = await startTestSandbox({ autoClock: false, seedCount: 50 });
  expect(ts.sandbox.clientSecret).toBe(TEST_SECRET);
  process.env.PAYMENTS_WEBHOOK_AUTHORIZATION = TEST_AUTHORIZATION;
  api = sandboxClient(ts.sandbox.url, await requestToken(ts.sandbox.url));
});
afterAll(async () => {
  await ts?.close();
});

/** A payment registered at the provider and moved to `sent`; returns its list item as a webhook message. */
async function sentPayment(id: string): Promise<TestMessage> {
  const res = await api.post("/v1/pix/payments", { idempotent_id: id, value_cents: 4_321, authorized: true, pix_key_type: "email", pix_key: "a@b.com.br" });
  expect(res.status).toBe(201);
  await ts.sandbox.advance(10_000);
  const item: PaymentListItem = (await api.get(`/v1/pix/payments?reference_code=${res.body.payment.reference_code}`)).body.payments[0];
  expect(item.status).toBe("sent");
  return { ...item, receipt_url: null };
}

function qrDelivery(message: QrcodeListItem, secret = TEST_SECRET) {
  const md5 = createHash("md5").update(qrcodeWebhookMd5Text(message, secret)).digest("hex");
  return { notification_type: "pix_qrcode", message, md5 };
}

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
    await store.db.execute(sql`truncate webhook_events, webhook_event_keys`);
    await store.db.execute(sql`truncate webhook_auth_failures`);
    await store.db.execute(sql`truncate webhook_readbacks`);
    await ts.clearFaults();
    published = [];
  });

  const post = (req: Request) => POST(req, undefined as never);
  const rows = async () =>
    rowsOf<Row>(await store.db.execute(sql`select kind, result, reason, idempotent_id, reference_code, status, repeat_count from webhook_events order by id`));
  const settle = () => new Promise((r) => setTimeout(r, 10));
  /** An id whose payment is sent, then completed (never canceled on the way). */
  const id = (name: string) => {
    for (let i = 0; ; i++) if (planFor(`${name}-${engine.name}-${i}`) === "complete") return `${name}-${engine.name}-${i}`;
  };

  it("confirms a delivery with the provider, stores the provider's record, answers 200, then fans it out", async () => {
    const message = await sentPayment(id("ok"));
    const res = await post(deliveryRequest(deliveryBody(message)));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, duplicate: false });
    expect(await rows()).toEqual([{ kind: "payment", result: "accepted", reason: null, idempotent_id: id("ok"), reference_code: message.reference_code, status: "sent", repeat_count: 0 }]);
    expect(ts.calls.some((c) => c.path === `/v1/pix/payments/${id("ok")}/idempotent_id`)).toBe(true);
    await settle();
    expect(published.map((m) => [m.event.kind, m.event.status, m.repeat])).toEqual([["payment", "sent", false]]);
    const again = await post(deliveryRequest(deliveryBody(message)));
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect((await rows()).map((r) => r.repeat_count)).toEqual([1]);
  });

  it("2,000 replays of one genuine delivery cause at most a few provider read-backs", async () => {
    const message = await sentPayment(id("replayed"));
    const readbacks = () => ts.calls.filter((c) => c.path === `/v1/pix/payments/${id("replayed")}/idempotent_id`).length;
    const before = readbacks();
    const statuses: number[] = [];
    // 40 rounds of 50 at once: the first round races the first store, the rest find it stored.
    for (let round = 0; round < 40; round++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(deliveryRequest(deliveryBody(message)))));
      for (const res of answers) {
        statuses.push(res.status);
        if (res.status === 503) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        await res.body?.cancel();
      }
    }
    expect(statuses).toHaveLength(2_000);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(readbacks() - before).toBeLessThanOrEqual(WEBHOOK_READBACKS_PER_MINUTE);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(1_900);
    expect(await rows()).toEqual([expect.objectContaining({ result: "accepted", status: "sent", repeat_count: statuses.filter((s) => s === 200).length - 1 })]);

    // Replays edited so each body differs (the md5 does not cover receipt_url): the limit holds.
    const edited = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(deliveryRequest(deliveryBody({ ...message, receipt_url: `https://example.com/r/${i}` })))),
    );
    expect(edited.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(20 - WEBHOOK_READBACKS_PER_MINUTE);
    expect(readbacks() - before).toBeLessThanOrEqual(WEBHOOK_READBACKS_PER_MINUTE);
    // 2,020 requests through the store: a minute leaves room on a busy machine (no time is asserted).
  }, 60_000);

  it("a forged delivery (right md5, a payment the provider does not have) is recorded as rejected, answered 200, never a change", async () => {
    const forged = { ...(await sentPayment(id("real"))), idempotent_id: id("forged"), reference_code: "FORGED-1" };
    const res = await post(deliveryRequest(deliveryBody(forged)));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true, accepted: false });
    expect(await rows()).toEqual([{ kind: "payment", result: "rejected", reason: "unknown_payment", idempotent_id: id("forged"), reference_code: "FORGED-1", status: "sent", repeat_count: 0 }]);
    await settle();
    expect(published.every((m) => m.event.result === "rejected")).toBe(true);
  });

  it("an edited delivery (genuine, status changed) is rejected with what the provider says instead", async () => {
    const genuine = await sentPayment(id("edited"));
    const res = await post(deliveryRequest(deliveryBody({ ...genuine, status: "canceled", cancellation_reason: "forged" })));
    expect(res.status).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ result: "rejected", reason: "status_mismatch", status: "canceled" });
    await settle();
    expect(published[0]?.event).toMatchObject({ result: "rejected", detail: "The delivery says canceled, the provider says sent" });
  });

  it("an unauthenticated flood is counted per address, answered 401 then 429, never stored nor pushed", async () => {
    const from = (ip: string, authorization: string | null) =>
      post(deliveryRequest(deliveryBody(), { authorization, headers: { "x-forwarded-for": ip } }));
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOK_AUTH_FAILURES_PER_MINUTE + 5; i++) statuses.push((await from("203.0.113.7", i % 2 ? null : "Bearer guessed")).status);
    expect(statuses.slice(0, WEBHOOK_AUTH_FAILURES_PER_MINUTE).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(WEBHOOK_AUTH_FAILURES_PER_MINUTE).every((s) => s === 429)).toBe(true);
    const limited = await from("203.0.113.7", "Bearer guessed");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: "Too many unauthenticated deliveries from this address" });
    // Another address is not limited by this one's flood; the provider's own deliveries still pass.
    expect((await from("198.51.100.2", "Bearer guessed")).status).toBe(401);
    const genuine = await sentPayment(id("after-flood"));
    expect((await post(deliveryRequest(deliveryBody(genuine), { headers: { "x-forwarded-for": "203.0.113.7" } }))).status).toBe(200);
    expect((await rows()).map((r) => r.result)).toEqual(["accepted"]);
    const counters = rowsOf<{ ip: string; count: number; total: number | string }>(
      await store.db.execute(sql`select ip, count, total from webhook_auth_failures order by ip`),
    );
    expect(counters.map((c) => [c.ip, Number(c.total)])).toEqual([["198.51.100.2", 1], ["203.0.113.7", WEBHOOK_AUTH_FAILURES_PER_MINUTE + 6]]);
    await settle();
    expect(published.map((m) => m.event.result)).toEqual(["accepted"]);
  });

  it("when the provider cannot be read the delivery is answered 503 (it is retried) and nothing is stored", async () => {
    const message = await sentPayment(id("down"));
    await ts.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 10 });
    const res = await post(deliveryRequest(deliveryBody(message)));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("60");
    expect(await rows()).toEqual([]);
  });

  it("a wrong md5 is 401: the rejected row keeps what it claimed; the provider is not asked", async () => {
    const calls = ts.calls.length;
    const res = await post(deliveryRequest({ ...deliveryBody(), md5: "0".repeat(32) }));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "md5 does not match the message" });
    expect(await rows()).toEqual([{ kind: "payment", result: "rejected", reason: "md5", idempotent_id: "hook-test-1", reference_code: "REF-0001", status: "sent", repeat_count: 0 }]);
    expect(ts.calls.length).toBe(calls);
  });

  it("an oversized body is 413; malformed JSON and foreign shapes are 400", async () => {
    expect((await post(deliveryRequest({ ...deliveryBody(), padding: "x".repeat(MAX_WEBHOOK_BODY_BYTES) }))).status).toBe(413);
    expect((await post(deliveryRequest('{"notification_type": "pix_payment", "message": '))).status).toBe(400);
    expect((await post(deliveryRequest({ notification_type: "pix_refund", message: {}, md5: "a".repeat(32) }))).status).toBe(400);
    expect((await rows()).map((r) => r.reason)).toEqual(["too_large", "malformed_json", "invalid_payload"]);
  });

  it("QR code deliveries (type 1): verified with their md5, confirmed by reference code, stored as kind qrcode", async () => {
    const created = await api.post("/v1/pix/qrcodes", { value_cents: 9_900 });
    const reference: string = created.body.qrcode.reference_code;
    expect((await api.post(`/v1/pix/qrcodes/${reference}/pay`, {})).status).toBe(200);
    const paid: QrcodeListItem = (await api.get(`/v1/pix/qrcodes?reference_code=${reference}`)).body.qrcodes[0];
    const res = await post(deliveryRequest(qrDelivery(paid)));
    expect(res.status).toBe(200);
    expect(await rows()).toEqual([{ kind: "qrcode", result: "accepted", reason: null, idempotent_id: null, reference_code: reference, status: "paid", repeat_count: 0 }]);
    await settle();
    expect(published.map((m) => [m.event.kind, m.event.reference_code, m.event.end_to_end])).toEqual([["qrcode", reference, paid.end_to_end]]);
    // A forged one (a code the provider does not have) and an edited one (unpaid at the provider).
    expect((await post(deliveryRequest(qrDelivery({ ...paid, reference_code: "ZZFORGED" })))).status).toBe(200);
    const unpaid: QrcodeListItem = (await api.get("/v1/pix/qrcodes?status=awaiting_payment")).body.qrcodes[0];
    expect((await post(deliveryRequest(qrDelivery({ ...unpaid, status: "paid" })))).status).toBe(200);
    expect((await post(deliveryRequest({ ...qrDelivery(paid), md5: qrDelivery(paid, "other").md5 }))).status).toBe(401);
    expect((await rows()).slice(1).map((r) => [r.kind, r.result, r.reason])).toEqual([
      ["qrcode", "rejected", "unknown_qrcode"],
      ["qrcode", "rejected", "status_mismatch"],
      ["qrcode", "rejected", "md5"],
    ]);
  });
});
