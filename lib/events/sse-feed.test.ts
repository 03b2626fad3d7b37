import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentWebhookSchema } from "@/lib/contract";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { emitEvents } from "@/lib/erp/emit";
import { createFeedTail, type FeedTail } from "@/lib/erp/feed-tail";
import { createEventBus, type EventBus } from "./bus";
import { SSE_EVENTS } from "./names";
import { createEventStream, lastEventIdOf } from "./sse";
import { recordAccepted } from "./store";
import { deliveryBody, sseReader, testMessage, type SseFrame } from "./testing";

/** The live stream's change events resume from Last-Event-ID: what was missed, once, then live. */
describe.each(TEST_ENGINES)("change feed on the live stream on $name", (engine) => {
  let store: TestStore;
  let bus: EventBus;
  let tail: FeedTail;
  beforeAll(async () => {
    store = await engine.open();
    bus = await createEventBus({ db: store.db });
    // No timer: the test says when the process-wide reader looks at the feed.
    tail = await createFeedTail({ db: store.db });
  });
  afterAll(async () => {
    tail?.close();
    await bus?.close();
    await store?.close();
  });

  let n = 0;
  /** One committed charge change; returns its subject id. */
  const change = async () => {
    const id = `chg-live-${engine.name}-${++n}`;
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.paid", subjectId: id, data: { id } }]));
    return id;
  };
  const open = (lastEventId: string | null, catchUpLimit?: number) => {
    const controller = new AbortController();
    const headers: Record<string, string> = lastEventId === null ? {} : { "last-event-id": lastEventId };
    const stream = createEventStream({
      bus,
      db: store.db,
      lastEventId: lastEventIdOf(new Request("http://x/api/events", { headers })),
      feed: tail,
      canSeeLog: true,
      signal: controller.signal,
      heartbeatMs: 60_000,
      catchUpLimit,
    });
    return { reader: sseReader(stream), abort: () => controller.abort() };
  };
  type Change = { id: string; type: string; data: { id: string } };
  const changeOf = (f: SseFrame) => JSON.parse(f.data ?? "null") as Change;
  const isChange = (f: SseFrame) => f.event === SSE_EVENTS.change;
  /** Every change frame up to (and with) the one about `subject`. */
  const changesUntil = async (reader: ReturnType<typeof sseReader>, subject: string) => {
    const got: SseFrame[] = [];
    for (;;) {
      const frame = await reader.next(isChange);
      got.push(frame);
      if (changeOf(frame).data.id === subject) return got;
    }
  };

  it("a client that reconnects with Last-Event-ID receives exactly the changes it missed, once, then live ones", async () => {
    const first = open(null);
    const ready = await first.reader.next((f) => f.event === SSE_EVENTS.ready);
    expect(ready.id).toMatch(/^\d+-\d+$/);
    const seen = [await change(), await change()];
    await tail.poke();
    const frames = await changesUntil(first.reader, seen[1]!);
    expect(frames.map((f) => changeOf(f).data.id)).toEqual(seen);
    // The SSE id carries the feed's own id (the same as GET /api/events/feed gives).
    for (const f of frames) expect(f.id).toBe(`${ready.id!.split("-")[0]}-${changeOf(f).id}`);
    const lastId = frames.at(-1)!.id!;
    first.abort();

    const missed = [await change(), await change()];
    // The process-wide reader moves past these two while nobody listens: only the store has them now.
    await tail.poke();
    missed.push(await change());
    const second = open(lastId);
    // The process-wide reader hears of the third while the new stream catches up from the store:
    // the stream gets it once, whichever path brings it first.
    const poked = tail.poke();
    const live = await change();
    await poked;
    await tail.poke();
    const end = await change();
    await tail.poke();
    const got = await changesUntil(second.reader, end);
    expect(got.map((f) => changeOf(f).data.id)).toEqual([...missed, live, end]);
    expect(got.map((f) => changeOf(f).type)).toEqual(Array(5).fill("charge.paid"));
    const positions = got.map((f) => Number(changeOf(f).id));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    second.abort();
  });

  it("a plain webhook id (a stream opened before the feed was on it) follows the feed from now, replaying nothing", async () => {
    const before = await change();
    const stream = open("0");
    // A payment change published now reaches the stream only once it has caught up: it is live then.
    const { event } = await recordAccepted(store.db, paymentWebhookSchema.parse(deliveryBody(testMessage({ idempotent_id: `feed-live-${engine.name}` }))));
    await bus.publish(event, false);
    const webhook = await stream.reader.next((f) => f.event === SSE_EVENTS.webhook && f.id!.startsWith(`${event.id}-`));
    const after = await change();
    await tail.poke();
    const got = await changesUntil(stream.reader, after);
    expect(got.map((f) => changeOf(f).data.id)).toEqual([after]);
    expect(got.map((f) => changeOf(f).data.id)).not.toContain(before);
    // Once the stream has a feed id, its ids carry it: the next reconnect resumes the feed too.
    expect(webhook.id).toMatch(/^\d+-\d+$/);
    expect(got[0]!.id).toBe(`${event.id}-${changeOf(got[0]!).id}`);
    stream.abort();
  });

  it("asks for a full refresh, with the newest feed id, when more changes were missed than it replays", async () => {
    const fresh = open(null);
    const ready = await fresh.reader.next((f) => f.event === SSE_EVENTS.ready);
    fresh.abort();
    await change();
    await change();
    const last = await change();
    const stream = open(ready.id!, 2);
    const resync = await stream.reader.next((f) => f.event === SSE_EVENTS.resync);
    const after = await change();
    await tail.poke();
    const got = await changesUntil(stream.reader, after);
    // Nothing of the three missed is replayed one by one; the resync id resumes after the last of them.
    expect(got.map((f) => changeOf(f).data.id)).toEqual([after]);
    expect(Number(resync.id!.split("-")[1])).toBe(Number(changeOf(got[0]!).id) - 1);
    expect(got.map((f) => changeOf(f).data.id)).not.toContain(last);
    stream.abort();
  });
});
