import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { batches, erpEvents } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { moveAtOnce } from "@/lib/transfers/server/move-at-once";
import { moveTransfers } from "@/lib/transfers/server/transition";
import { APPROVER, createRequest, newIdempotentId, transferOf } from "@/lib/transfers/testing/fixtures";
import { emitEvents } from "./emit";
import { readFeed } from "./feed";
import type { FeedEvent } from "./feed-schema";
import { FEED_KEEP_MS, pruneFeed } from "./retention";
import { dispatchEvents } from "./webhooks/dispatch";

/** Reads the whole feed after `after`, page by page, as an ERP resuming from next_cursor would. */
async function drain(store: TestStore, after: string, limit = 137): Promise<{ events: FeedEvent[]; cursor: string }> {
  const events: FeedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await readFeed(store.db, { after: cursor, limit });
    events.push(...page.events);
    if (!page.events.length) return { events, cursor };
    cursor = page.next_cursor;
  }
}

describe.each(TEST_ENGINES)("the change feed on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  it("a transfer's changes are events in the order they happened, with its state and amount", async () => {
    const { cursor: start } = await drain(store, "0");
    const row = await createRequest(store.db, transferOf(newIdempotentId("feed"), 45_678), 1);
    await store.db.transaction((tx) => moveTransfers(tx, [row.id], "approved", { from: ["awaiting_approval"], actor: APPROVER }));
    // The writers left them unnumbered (they waited for no lock); the reader numbers them.
    const unnumbered = () => store.db.select().from(erpEvents).where(and(eq(erpEvents.subjectId, row.id), isNull(erpEvents.position)));
    expect(await unnumbered()).toHaveLength(2);
    const { events } = await drain(store, start);
    expect(await unnumbered()).toEqual([]);
    expect(events.map((e) => [e.type, e.data.id, e.data.state])).toEqual([
      ["transfer.created", row.id, "awaiting_approval"],
      ["transfer.approved", row.id, "approved"],
    ]);
    expect(events[1]!.data).toMatchObject({ idempotent_id: row.idempotentId, value_cents: 45_678, from_state: "awaiting_approval" });
    expect(Number(events[1]!.id)).toBeGreaterThan(Number(events[0]!.id));
  });

  it("the engine's one-statement move (lib/transfers/server/move-at-once.ts) is an event too", async () => {
    const { cursor: start } = await drain(store, "0");
    const row = await createRequest(store.db, transferOf(newIdempotentId("feed"), 1_000), 0);
    const moved = await store.db.transaction((tx) => moveAtOnce(tx, row.id, "submitting", { from: ["approved"] }));
    expect(moved).not.toBeNull();
    const { events } = await drain(store, start);
    expect(events.map((e) => [e.type, e.data.from_state])).toEqual([
      ["transfer.created", null],
      ["transfer.submitting", "approved"],
    ]);
  });

  it("a batch's change of state is an event; a draft's creation is not", async () => {
    const { cursor: start } = await drain(store, "0");
    const id = randomUUID();
    await store.db.insert(batches).values({ id, fileName: "folha.csv", fileSha256: "0".repeat(64), fileFormat: "csv", makerId: "m", makerEmail: "m@t.example", state: "draft", rows: 3, valid: 3, invalid: 0, totalCents: 30_000 });
    await store.db.update(batches).set({ state: "awaiting_approval" }).where(eq(batches.id, id));
    await store.db.update(batches).set({ state: "sending" }).where(eq(batches.id, id));
    const { events } = await drain(store, start);
    expect(events.map((e) => [e.type, e.data.id, e.data.from_state, e.data.total_cents])).toEqual([
      ["batch.awaiting_approval", id, "draft", 30_000],
      ["batch.sending", id, "awaiting_approval", 30_000],
    ]);
  });

  it("a change rolled back never reaches the feed", async () => {
    const { cursor: start } = await drain(store, "0");
    await expect(
      store.db.transaction(async (tx) => {
        await emitEvents(tx, [{ type: "charge.paid", subjectId: "rolled-back", data: {} }]);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.paid", subjectId: "kept", data: { name: "kept" } }]));
    const { events } = await drain(store, start);
    expect(events.map((e) => e.data.name)).toEqual(["kept"]);
  });

  // Two transactions at once need two connections: PostgreSQL only (PGlite runs one at a time).
  if (engine.name === "postgresql") it("an event written first but committed last comes after what committed before it: a reader that already passed it still gets it", async () => {
    const { cursor: start } = await drain(store, "0");
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => (firstWrote = resolve));
    const first = store.db.transaction(async (tx) => {
      await emitEvents(tx, [{ type: "charge.created", subjectId: "first-written", data: { n: 1 } }]);
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.created", subjectId: "second-written", data: { n: 2 } }]));
    const seen = await drain(store, start);
    expect(seen.events.map((e) => e.data.n)).toEqual([2]);
    releaseFirst();
    await first;
    const resumed = await drain(store, seen.cursor);
    expect(resumed.events.map((e) => e.data.n)).toEqual([1]);
  });

  const total = Number(process.env.ERP_TOTAL ?? (engine.name === "postgresql" ? 10_000 : 2_000));
  it(`${total} changes written by concurrent writers while two readers resume page after page: each reads each once, none missed`, async () => {
    const { cursor: start } = await drain(store, "0");
    const writers = 3;
    const perWriter = Math.floor(total / writers);
    let done = false;
    // A reader that caught up waits for the next commit (no spinning, no clock).
    const waiting = new Set<() => void>();
    const committed = () => {
      for (const wake of waiting) wake();
      waiting.clear();
    };
    const write = async (w: number) => {
      for (let i = 0; i < perWriter; ) {
        const size = 1 + ((i * 7 + w) % 23);
        const chunk = Array.from({ length: Math.min(size, perWriter - i) }, (_, k) => ({ type: "charge.created", subjectId: `w${w}-${i + k}`, data: { key: `w${w}-${i + k}` } }));
        await store.db.transaction((tx) => emitEvents(tx, chunk));
        i += chunk.length;
        committed();
      }
    };
    const writing = Promise.all(Array.from({ length: writers }, (_, w) => write(w)));
    // A writer's failure ends the reading too (and fails the test below at `await writing`).
    void writing.then(
      () => ((done = true), committed()),
      () => ((done = true), committed()),
    );
    // Each reader numbers what committed before it reads (PostgreSQL: both at once, on two connections).
    // "Done" is read before a page is asked for: a page asked for before the last commit may be
    // empty and still not the end (the writers finishing while it was read).
    const reader = async (limit: number) => {
      const read: FeedEvent[] = [];
      let cursor = start;
      for (;;) {
        const finished = done;
        const page = await readFeed(store.db, { after: cursor, limit });
        read.push(...page.events);
        cursor = page.next_cursor;
        if (page.events.length) continue;
        if (finished) break;
        if (!done) await new Promise<void>((resolve) => waiting.add(resolve));
      }
      return read;
    };
    const reads = await Promise.all([reader(211), reader(97)]);
    await writing;
    for (const read of reads) {
      const keys = read.map((e) => String(e.data.key));
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBe(perWriter * writers);
      const positions = read.map((e) => Number(e.id));
      expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
      // Within one writer, the feed keeps the order it committed in.
      for (let w = 0; w < writers; w++) {
        const own = keys.filter((k) => k.startsWith(`w${w}-`)).map((k) => Number(k.split("-")[1]));
        expect(own).toEqual([...own].sort((a, b) => a - b));
      }
    }
    // Both saw the same feed: one numbering, not one per reader.
    expect(reads[0]!.map((e) => e.id)).toEqual(reads[1]!.map((e) => e.id));
  }, 240_000);
});

describe.each(TEST_ENGINES)("how long the feed keeps events, on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  it("events are kept 30 days and more; older ones go once the webhooks have passed them", async () => {
    const now = new Date();
    const old = new Date(now.getTime() - FEED_KEEP_MS - 60_000);
    const recent = new Date(now.getTime() - 30 * 24 * 3_600_000);
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.created", subjectId: "old", data: { n: "old" }, at: old }, { type: "charge.created", subjectId: "recent", data: { n: "recent" }, at: recent }]));
    expect(await pruneFeed(store.db, now)).toBe(0); // not dispatched yet
    while ((await dispatchEvents(store.db, now)) > 0);
    expect(await pruneFeed(store.db, now)).toBe(1);
    const { events } = await drain(store, "0");
    expect(events.map((e) => e.data.n)).toEqual(["recent"]);
  });
});
