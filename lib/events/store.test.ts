import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentWebhookSchema } from "@/lib/contract";
import { rowsOf, TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { countAuthFailure, recentAuthFailures } from "./auth-failures";
import { eventsAfter, latestEventId, listEvents, receiptUrlOf, recordAccepted, recordRejected } from "./store";
import { deliveryBody, testMessage, type TestMessage } from "./testing";

const hook = (m: Partial<TestMessage> = {}) => paymentWebhookSchema.parse(deliveryBody(testMessage(m)));

describe.each(TEST_ENGINES)("webhook event store on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await store.db.execute(sql`truncate webhook_events, webhook_event_keys restart identity`);
  });

  it("stores a change once: the same delivery twice is one event with one repeat", async () => {
    const first = await recordAccepted(store.db, hook());
    const again = await recordAccepted(store.db, hook());
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(again.event.id).toBe(first.event.id);
    expect(again.event.repeat_count).toBe(1);
    expect(Date.parse(again.event.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(first.event.received_at));
    const { events, meta } = await listEvents(store.db, {});
    expect(meta.total).toBe(1);
    expect(events[0]).toMatchObject({ result: "accepted", idempotent_id: "hook-test-1", status: "sent", repeat_count: 1 });
  });

  it("concurrent repeats of one change still make one event", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => recordAccepted(store.db, hook())));
    expect(new Set(results.map((r) => r.event.id)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const rows = rowsOf<{ n: number | string; r: number | string }>(
      await store.db.execute(sql`select count(*) as n, max(repeat_count) as r from webhook_events`),
    );
    expect([Number(rows[0]?.n), Number(rows[0]?.r)]).toEqual([1, 5]);
  });

  it("a repeat of a change whose event was archived is kept once as a repeat in this month, then counted there", async () => {
    const first = await recordAccepted(store.db, hook());
    // What `npm run archive` leaves: the key, without its month's event.
    await store.db.execute(sql`delete from webhook_events where id = ${first.event.id}`);
    const again = await Promise.all(Array.from({ length: 6 }, () => recordAccepted(store.db, hook())));
    expect(again.every((r) => r.duplicate)).toBe(true);
    expect(new Set(again.map((r) => r.event.id)).size).toBe(1);
    const rows = rowsOf<{ n: number | string; r: number | string }>(
      await store.db.execute(sql`select count(*) as n, max(repeat_count) as r from webhook_events`),
    );
    expect([Number(rows[0]?.n), Number(rows[0]?.r)]).toEqual([1, 6]);
  });

  it("each status change is its own event and knows the status before it", async () => {
    await recordAccepted(store.db, hook({ status: "sent" }));
    await recordAccepted(store.db, hook({ idempotent_id: "other", reference_code: "REF-OTHER", status: "sent" }));
    const done = await recordAccepted(store.db, hook({ status: "completed", payment_date: "2026-11-21T09:15:12.000-03:00" }));
    expect(done.duplicate).toBe(false);
    expect(done.event).toMatchObject({ status: "completed", previous_status: "sent" });
    const mine = await listEvents(store.db, { payment: "hook-test-1" });
    expect(mine.events.map((e) => [e.status, e.previous_status])).toEqual([
      ["completed", "sent"],
      ["sent", null],
    ]);
  });

  it("finds a payment's receipt_url in the newest accepted notification that carried one", async () => {
    expect(await receiptUrlOf(store.db, "hook-test-1")).toBeNull();
    await recordAccepted(store.db, hook({ status: "sent", receipt_url: null }));
    expect(await receiptUrlOf(store.db, "hook-test-1")).toBeNull();
    await recordAccepted(store.db, hook({ status: "completed", payment_date: "2026-11-21T09:15:12.000-03:00", receipt_url: "https://provider.example/r/1" }));
    await recordAccepted(store.db, hook({ idempotent_id: "other", reference_code: "REF-OTHER", receipt_url: "https://provider.example/r/other" }));
    await recordRejected(store.db, "md5", { kind: "payment", idempotent_id: "hook-test-1", reference_code: "REF-0001", status: "completed", detail: null });
    expect(await receiptUrlOf(store.db, "hook-test-1")).toBe("https://provider.example/r/1");
  });

  it("ignores a receipt_url that is no web address", async () => {
    await recordAccepted(store.db, hook({ receipt_url: "javascript:alert(1)" }));
    expect(await receiptUrlOf(store.db, "hook-test-1")).toBeNull();
  });

  it("keeps rejected deliveries apart, untrusted, capped to the newest ones", async () => {
    await recordAccepted(store.db, hook());
    for (let i = 0; i < 5; i++) {
      await recordRejected(store.db, "md5", { idempotent_id: "hook-test-1", status: `claimed-${i}` }, { ip: "10.0.0.9" }, 3);
    }
    const rejected = await listEvents(store.db, { result: "rejected" });
    expect(rejected.meta.total).toBe(3);
    expect(rejected.events.map((e) => e.status)).toEqual(["claimed-4", "claimed-3", "claimed-2"]);
    expect(rejected.events[0]).toMatchObject({ result: "rejected", reason: "md5", previous_status: null, repeat_count: 0 });
    // A rejected row never counts as the payment's previous status.
    const next = await recordAccepted(store.db, hook({ status: "completed", payment_date: "2026-11-21T09:15:12.000-03:00" }));
    expect(next.event.previous_status).toBe("sent");
    expect((await listEvents(store.db, { result: "accepted" })).meta.total).toBe(2);
  });

  it("filters by payment id or reference and by result, newest first, paginated", async () => {
    for (let i = 1; i <= 7; i++) await recordAccepted(store.db, hook({ idempotent_id: `p-${i}`, reference_code: `R-${i}` }));
    await recordAccepted(store.db, hook({ idempotent_id: "p-3", reference_code: "R-3" }));
    await recordRejected(store.db, "authorization", null);
    expect((await listEvents(store.db, { payment: "R-3" })).events.map((e) => e.idempotent_id)).toEqual(["p-3"]);
    expect((await listEvents(store.db, { payment: "p-3" })).events[0]?.repeat_count).toBe(1);
    expect((await listEvents(store.db, { result: "duplicate" })).events.map((e) => e.idempotent_id)).toEqual(["p-3"]);
    expect((await listEvents(store.db, { payment: "nothing" })).meta).toMatchObject({ total: 0, total_pages: 0 });
    const page1 = await listEvents(store.db, {}, 3);
    const page3 = await listEvents(store.db, { page: 3 }, 3);
    expect(page1.meta).toEqual({ total: 8, page: 1, page_size: 3, total_pages: 3 });
    expect(page1.events[0]?.result).toBe("rejected");
    expect(page3.events.map((e) => e.idempotent_id)).toEqual(["p-2", "p-1"]);
  });

  it("reads events after an id, oldest first, and the newest id", async () => {
    expect(await latestEventId(store.db)).toBe(0);
    const a = await recordAccepted(store.db, hook({ idempotent_id: "a", reference_code: "A" }));
    const b = await recordAccepted(store.db, hook({ idempotent_id: "b", reference_code: "B" }));
    const c = await recordRejected(store.db, "malformed_json", null);
    expect(await latestEventId(store.db)).toBe(c.id);
    expect((await eventsAfter(store.db, a.event.id, 10)).map((e) => e.id)).toEqual([b.event.id, c.id]);
    expect(await eventsAfter(store.db, c.id, 10)).toEqual([]);
  });

  it("QR code changes are their own kind, keyed by reference code, with their previous status", async () => {
    const qr = (status: string, payment_date: string | null) => ({
      notification_type: "pix_qrcode" as const,
      md5: "0".repeat(32),
      message: {
        reference_code: "QR-1", external_reference: null, value_cents: 500, content: "000201", status: status as "paid",
        generator_name: null, generator_document: null, payer_name: null, payer_document: null,
        registration_date: "2026-11-21T09:15:02.123-03:00", payment_date, end_to_end: payment_date ? "E18236120202611211216abcdefghijk" : null,
      },
    });
    await recordAccepted(store.db, qr("awaiting_payment", null));
    const paid = await recordAccepted(store.db, qr("paid", "2026-11-21T09:16:02.123-03:00"));
    const again = await recordAccepted(store.db, qr("paid", "2026-11-21T09:16:02.123-03:00"));
    expect(again.duplicate).toBe(true);
    expect(paid.event).toMatchObject({ kind: "qrcode", reference_code: "QR-1", idempotent_id: null, status: "paid", previous_status: "awaiting_payment" });
    await recordAccepted(store.db, hook());
    expect((await listEvents(store.db, { kind: "qrcode" })).meta.total).toBe(2);
    expect((await listEvents(store.db, { payment: "QR-1" })).events.map((e) => e.status)).toEqual(["paid", "awaiting_payment"]);
  });

  it("counts unauthenticated deliveries per address and minute, never as events", async () => {
    await store.db.execute(sql`truncate webhook_auth_failures`);
    const t0 = new Date("2026-11-21T12:00:00.000Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect((await countAuthFailure(store.db, "203.0.113.7", t0)).count).toBe(1);
    expect((await countAuthFailure(store.db, "203.0.113.7", at(30_000))).count).toBe(2);
    const third = await countAuthFailure(store.db, "203.0.113.7", at(59_000));
    expect(third).toEqual({ count: 3, windowEndsAt: at(60_000) });
    // A new minute starts a new window; the total goes on.
    expect((await countAuthFailure(store.db, "203.0.113.7", at(61_000))).count).toBe(1);
    expect((await countAuthFailure(store.db, "198.51.100.2", at(61_000))).count).toBe(1);
    expect(await recentAuthFailures(store.db, 10, at(62_000))).toEqual([
      { ip: "203.0.113.7", total: 4, lastSeenAt: at(61_000).toISOString() },
      { ip: "198.51.100.2", total: 1, lastSeenAt: at(61_000).toISOString() },
    ]);
    expect((await listEvents(store.db, {})).meta.total).toBe(0);
    // Addresses quiet for a day are forgotten when a new one comes.
    await countAuthFailure(store.db, "192.0.2.1", at(2 * 86_400_000));
    expect((await recentAuthFailures(store.db, 10, at(2 * 86_400_000))).map((r) => r.ip)).toEqual(["192.0.2.1"]);
  });
});
