import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentWebhookSchema } from "@/lib/contract";
import { createDb, type StoreHandle } from "@/lib/db/client";
import { rowsOf, TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createEventBus, type BusMessage, type EventBus } from "./bus";
import { receiveWebhook } from "./receiver";
import { createEventStream } from "./sse";
import { recordAccepted } from "./store";
import { deliveryBody, deliveryRequest, sseReader, TEST_AUTHORIZATION, TEST_SECRET, testMessage, type TestMessage } from "./testing";

const hook = (m: Partial<TestMessage>) => paymentWebhookSchema.parse(deliveryBody(testMessage(m)));

describe("event bus in one process (PGlite)", () => {
  let store: TestStore;
  let bus: EventBus;
  beforeAll(async () => {
    store = await TEST_ENGINES[0]!.open();
    bus = await createEventBus({ db: store.db });
  });
  afterAll(async () => {
    await bus?.close();
    await store?.close();
  });

  it("hands each published event to every subscriber until it unsubscribes", async () => {
    const a: BusMessage[] = [];
    const b: BusMessage[] = [];
    const offA = bus.subscribe((m) => a.push(m));
    const offB = bus.subscribe((m) => b.push(m));
    const first = await recordAccepted(store.db, hook({ idempotent_id: "bus-1", reference_code: "BUS-1" }));
    await bus.publish(first.event, first.duplicate);
    offA();
    const second = await recordAccepted(store.db, hook({ idempotent_id: "bus-2", reference_code: "BUS-2" }));
    await bus.publish(second.event, second.duplicate);
    expect(bus.kind).toBe("local");
    expect(a.map((m) => m.event.idempotent_id)).toEqual(["bus-1"]);
    expect(b.map((m) => m.event.idempotent_id)).toEqual(["bus-1", "bus-2"]);
    offB();
    expect(bus.subscriberCount).toBe(0);
  });
});

const pg = TEST_ENGINES.find((e) => e.name === "postgresql");

// Two dashboard instances = two stores and two buses on one PostgreSQL database.
if (pg) {
  describe("two instances on PostgreSQL (LISTEN/NOTIFY)", () => {
    let shared: TestStore;
    let storeA: StoreHandle;
    let storeB: StoreHandle;
    let busA: EventBus;
    let busB: EventBus;
    let url: string;
    beforeAll(async () => {
      shared = await pg.open();
      url = (shared.location as { url: string }).url;
      storeA = await createDb({ url }, { migrate: false, maxConnections: 2 });
      storeB = await createDb({ url }, { migrate: false, maxConnections: 2 });
      busA = await createEventBus({ db: storeA.db, databaseUrl: url, name: "pix-test-bus-a" });
      busB = await createEventBus({ db: storeB.db, databaseUrl: url, name: "pix-test-bus-b" });
    });
    afterAll(async () => {
      await busA?.close();
      await busB?.close();
      await storeA?.close();
      await storeB?.close();
      await shared?.close();
    });

    const streamOf = (bus: EventBus, db: StoreHandle["db"]) => {
      const controller = new AbortController();
      const reader = sseReader(createEventStream({ bus, db, lastEventId: null, canSeeLog: true, signal: controller.signal }));
      return { reader, close: () => controller.abort() };
    };

    it("a delivery received by instance A reaches an SSE client of instance B, once", async () => {
      const onB = streamOf(busB, storeB.db);
      await onB.reader.next((f) => f.event === "ready");
      const res = await receiveWebhook(deliveryRequest(deliveryBody(testMessage({ idempotent_id: "two-1", reference_code: "TWO-1" }))), {
        db: storeA.db,
        bus: busA,
        authorization: TEST_AUTHORIZATION,
        secretKey: TEST_SECRET,
        // The provider's read-back (a hint is only stored once the provider confirms it) agrees here.
        confirm: async (delivery) => ({ outcome: "confirmed", delivery }),
      });
      expect(res.status).toBe(200);
      const { id } = (await res.json()) as { id: number };
      const frame = await onB.reader.next((f) => f.event === "webhook");
      expect(frame.id).toBe(String(id));
      expect(JSON.parse(frame.data ?? "{}")).toMatchObject({ idempotent_id: "two-1", status: "sent" });
      // Instance A's own subscribers get it once, not once locally and again from its NOTIFY.
      const onA: BusMessage[] = [];
      const off = busA.subscribe((m) => onA.push(m));
      const second = await recordAccepted(storeB.db, hook({ idempotent_id: "two-2", reference_code: "TWO-2" }));
      await busB.publish(second.event, false);
      const third = await recordAccepted(storeA.db, hook({ idempotent_id: "two-3", reference_code: "TWO-3" }));
      await busA.publish(third.event, false);
      await onB.reader.next((f) => f.id === String(third.event.id));
      await waitFor(() => onA.length >= 2);
      expect(onA.map((m) => m.event.idempotent_id).sort()).toEqual(["two-2", "two-3"]);
      expect(onB.reader.frames.filter((f) => f.event === "webhook").map((f) => f.id)).toEqual([
        String(id),
        String(second.event.id),
        String(third.event.id),
      ]);
      off();
      onB.close();
    });

    it("after instance B's LISTEN connection drops, what it missed meanwhile still reaches it", async () => {
      const onB = streamOf(busB, storeB.db);
      await onB.reader.next((f) => f.event === "ready");
      // A notification lost while B was not listening: stored, never NOTIFY'd.
      const missed = await recordAccepted(storeA.db, hook({ idempotent_id: "gap-1", reference_code: "GAP-1" }));
      const killed = rowsOf<{ ok: boolean }>(
        await shared.db.execute(
          sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = 'pix-test-bus-b' and query ilike 'listen%'`,
        ),
      );
      expect(killed.map((r) => r.ok)).toEqual([true]);
      const frame = await onB.reader.next((f) => f.event === "webhook" && f.id === String(missed.event.id));
      expect(JSON.parse(frame.data ?? "{}")).toMatchObject({ idempotent_id: "gap-1" });
      // And it listens again: the next notification arrives as usual.
      const next = await recordAccepted(storeA.db, hook({ idempotent_id: "gap-2", reference_code: "GAP-2" }));
      await busA.publish(next.event, false);
      await onB.reader.next((f) => f.id === String(next.event.id));
      onB.close();
    });
  });
}

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
}
