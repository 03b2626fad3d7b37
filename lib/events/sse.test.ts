import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentWebhookSchema } from "@/lib/contract";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createEventBus, type EventBus } from "./bus";
import { createEventStream, formatSse, lastEventIdOf, sinceOf } from "./sse";
import { recordAccepted, recordRejected } from "./store";
import { deliveryBody, sseReader, testMessage, type SseFrame, type TestMessage } from "./testing";

const hook = (m: Partial<TestMessage>) => paymentWebhookSchema.parse(deliveryBody(testMessage(m)));
const dataOf = (f: SseFrame) => JSON.parse(f.data ?? "null") as { id: number; status: string; idempotent_id: string; result: string };

describe("SSE framing", () => {
  it("writes id, event, data and retry lines ended by a blank line", () => {
    expect(formatSse({ id: 7, event: "webhook", data: { a: "x\ny" } })).toBe('id: 7\nevent: webhook\ndata: {"a":"x\\ny"}\n\n');
    expect(formatSse({ retry: 2000, comment: "hi\nthere" })).toBe(": hi there\nretry: 2000\n\n");
  });

  it("reads Last-Event-ID from the header, else ?last_event_id=, ignoring junk", () => {
    const req = (url: string, h: Record<string, string> = {}) => new Request(`http://x${url}`, { headers: h });
    expect(lastEventIdOf(req("/api/events", { "last-event-id": "42" }))).toEqual({ webhook: 42, feed: null });
    expect(lastEventIdOf(req("/api/events?last_event_id=9", { "last-event-id": "42" }))).toEqual({ webhook: 42, feed: null });
    expect(lastEventIdOf(req("/api/events?last_event_id=9"))).toEqual({ webhook: 9, feed: null });
    expect(lastEventIdOf(req("/api/events", { "last-event-id": "42-0" }))).toEqual({ webhook: 42, feed: "0" });
    expect(lastEventIdOf(req("/api/events?last_event_id=9-1234"))).toEqual({ webhook: 9, feed: "1234" });
    expect(lastEventIdOf(req("/api/events?last_event_id=-1"))).toBeNull();
    expect(lastEventIdOf(req("/api/events?last_event_id=9-"))).toBeNull();
    expect(lastEventIdOf(req("/api/events?last_event_id=9-01"))).toBeNull();
    expect(lastEventIdOf(req("/api/events?last_event_id=9-1-2"))).toBeNull();
    expect(lastEventIdOf(req("/api/events", { "last-event-id": "1e9" }))).toBeNull();
    expect(lastEventIdOf(req("/api/events"))).toBeNull();
  });

  it("reads ?since= as an instant moved back for clock skew, never more than 5 minutes ago", () => {
    const now = Date.parse("2026-11-21T12:00:00Z");
    const at = (q: string) => sinceOf(new Request(`http://x/api/events${q}`), now)?.toISOString() ?? null;
    expect(at(`?since=${now - 10_000}`)).toBe("2026-11-21T11:59:20.000Z");
    expect(at(`?since=${now - 3_600_000}`)).toBe("2026-11-21T11:55:00.000Z");
    expect(at(`?since=${now + 60_000}`)).toBe("2026-11-21T11:59:30.000Z");
    expect(at("?since=yesterday")).toBeNull();
    expect(at("")).toBeNull();
  });
});

describe.each(TEST_ENGINES)("event stream on $name", (engine) => {
  let store: TestStore;
  let bus: EventBus;
  beforeAll(async () => {
    store = await engine.open();
    bus = await createEventBus({ db: store.db });
  });
  afterAll(async () => {
    await bus?.close();
    await store?.close();
  });

  const publishNew = async (m: Partial<TestMessage>) => {
    const { event, duplicate } = await recordAccepted(store.db, hook(m));
    await bus.publish(event, duplicate);
    return event;
  };
  const open = (lastEventId: number | null, canSeeLog = true) => {
    const controller = new AbortController();
    const stream = createEventStream({ bus, db: store.db, lastEventId: lastEventId === null ? null : { webhook: lastEventId, feed: null }, canSeeLog, signal: controller.signal, heartbeatMs: 40 });
    return { reader: sseReader(stream), abort: () => controller.abort() };
  };

  it("a fresh connection gets a retry hint, then `ready` with the newest id, then live events with ids", async () => {
    const before = await publishNew({ idempotent_id: "s-before", reference_code: "S-B" });
    const { reader, abort } = open(null);
    const first = await reader.next();
    expect(first.retry).toBe("2000");
    const ready = await reader.next((f) => f.event === "ready");
    expect(ready.id).toBe(String(before.id));
    const live = await publishNew({ idempotent_id: "s-live", reference_code: "S-L" });
    const frame = await reader.next((f) => f.event === "webhook");
    expect(frame.id).toBe(String(live.id));
    expect(dataOf(frame)).toMatchObject({ idempotent_id: "s-live", status: "sent", result: "accepted" });
    await reader.next((f) => f.comments.includes("ping"));
    abort();
  });

  it("a fresh connection replays what was received since the page was requested, then `ready`", async () => {
    const old = await publishNew({ idempotent_id: "f-old", reference_code: "F-O" });
    await store.db.execute(sql`update webhook_events set received_at = now() - interval '1 hour' where id = ${old.id}`);
    const recent = await publishNew({ idempotent_id: "f-new", reference_code: "F-N" });
    const controller = new AbortController();
    const since = new Date(Date.now() - 60_000);
    const reader = sseReader(createEventStream({ bus, db: store.db, lastEventId: null, since, canSeeLog: true, signal: controller.signal }));
    const ready = await reader.next((f) => f.event === "ready");
    const replayed = reader.frames.filter((f) => f.event === "webhook").map((f) => dataOf(f).idempotent_id);
    expect(replayed).toContain("f-new");
    expect(replayed).not.toContain("f-old");
    expect(Number(ready.id)).toBeGreaterThanOrEqual(recent.id);
    controller.abort();
  });

  it("catches up from Last-Event-ID with what was missed, in order, then goes on live", async () => {
    const seen = await publishNew({ idempotent_id: "c-0", reference_code: "C-0" });
    const missed1 = await publishNew({ idempotent_id: "c-1", reference_code: "C-1" });
    const missed2 = await publishNew({ idempotent_id: "c-1", reference_code: "C-1", status: "completed", payment_date: "2026-11-21T10:00:00.000-03:00" });
    const { reader, abort } = open(seen.id);
    const a = await reader.next((f) => f.event === "webhook");
    const b = await reader.next((f) => f.event === "webhook");
    expect([a.id, b.id]).toEqual([String(missed1.id), String(missed2.id)]);
    expect(dataOf(b)).toMatchObject({ status: "completed", previous_status: "sent" });
    const later = await publishNew({ idempotent_id: "c-2", reference_code: "C-2" });
    expect((await reader.next((f) => f.event === "webhook")).id).toBe(String(later.id));
    expect(reader.frames.filter((f) => f.id === String(seen.id))).toEqual([]);
    abort();
  });

  it("asks for a full refresh when more was missed than it replays", async () => {
    const start = await publishNew({ idempotent_id: "r-0", reference_code: "R-0" });
    for (let i = 1; i <= 3; i++) await publishNew({ idempotent_id: `r-${i}`, reference_code: `R-${i}` });
    const controller = new AbortController();
    const stream = createEventStream({ bus, db: store.db, lastEventId: { webhook: start.id, feed: null }, canSeeLog: true, signal: controller.signal, catchUpLimit: 2 });
    const reader = sseReader(stream);
    const resync = await reader.next((f) => f.event === "resync" || f.event === "webhook");
    expect(resync.event).toBe("resync");
    controller.abort();
  });

  it("shows rejected deliveries and repeats only to users of the event log", async () => {
    const viewer = open(null, false);
    const support = open(null, true);
    await viewer.reader.next((f) => f.event === "ready");
    await support.reader.next((f) => f.event === "ready");
    const rejected = await recordRejected(store.db, "md5", { idempotent_id: "v-1", status: "sent" });
    await bus.publish(rejected, false);
    const change = await publishNew({ idempotent_id: "v-1", reference_code: "V-1" });
    const repeat = await recordAccepted(store.db, hook({ idempotent_id: "v-1", reference_code: "V-1" }));
    await bus.publish(repeat.event, repeat.duplicate);
    const marker = await publishNew({ idempotent_id: "v-end", reference_code: "V-E" });
    await viewer.reader.next((f) => f.id === String(marker.id));
    await support.reader.next((f) => f.id === String(marker.id));
    const kinds = (r: typeof viewer.reader) => r.frames.filter((f) => f.event?.startsWith("webhook")).map((f) => [f.event, f.id ?? null]);
    expect(kinds(viewer.reader)).toEqual([
      ["webhook", String(change.id)],
      ["webhook", String(marker.id)],
    ]);
    expect(kinds(support.reader)).toEqual([
      ["webhook", String(rejected.id)],
      ["webhook", String(change.id)],
      ["webhook-repeat", null],
      ["webhook", String(marker.id)],
    ]);
    viewer.abort();
    support.abort();
  });

  it("closes and unsubscribes when the client goes away", async () => {
    const baseline = bus.subscriberCount;
    const { reader, abort } = open(null);
    await reader.next((f) => f.event === "ready");
    expect(bus.subscriberCount).toBe(baseline + 1);
    abort();
    await expect(reader.next((f) => f.event === "never")).rejects.toThrow(/stream ended/);
    expect(bus.subscriberCount).toBe(baseline);
    const cancelled = createEventStream({ bus, db: store.db, lastEventId: null, canSeeLog: true });
    const r2 = cancelled.getReader();
    await r2.read();
    expect(bus.subscriberCount).toBe(baseline + 1);
    await r2.cancel();
    expect(bus.subscriberCount).toBe(baseline);
  });
});
