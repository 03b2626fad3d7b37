import "server-only";
import { getStore } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { forgetInsights } from "@/lib/insights/server";
import { createFeedTail, type FeedTail } from "@/lib/erp/feed-tail";
import { logLine } from "@/lib/http/logger";
import { createEventBus, type EventBus } from "./bus";

/**
 * The event bus of this process, created on first use: LISTEN/NOTIFY when the store is
 * PostgreSQL, in-process only on PGlite. Kept on globalThis like the store (Next.js may
 * evaluate this module more than once in one process; two buses would split the subscribers).
 */
type Holder = { bus?: Promise<EventBus>; feed?: Promise<FeedTail> };
const HOLDER_KEY = Symbol.for("pix-backoffice.event-bus");

function holder(): Holder {
  const g = globalThis as typeof globalThis & { [HOLDER_KEY]?: Holder };
  g[HOLDER_KEY] ??= {};
  return g[HOLDER_KEY];
}

export function getEventBus(): Promise<EventBus> {
  const h = holder();
  h.bus ??= (async () => {
    const store = await getStore();
    const databaseUrl = store.kind === "postgres" ? getEnv().databaseUrl : undefined;
    const bus = await createEventBus({ db: store.db, databaseUrl, pglite: store.pglite });
    // A payment changed (here or on another instance): cached overview totals are stale now.
    bus.subscribe(({ repeat }) => {
      if (!repeat) forgetInsights();
    });
    return bus;
  })().catch((error: unknown) => {
    h.bus = undefined;
    throw error;
  });
  return h.bus;
}

/** How often the live stream looks for feed events that nothing announced (batches, charges). */
const FEED_POLL_MS = 1_000;

/**
 * The change feed followed live for this process's streams: read when a transfer change is heard
 * (at once) and every FEED_POLL_MS (batch and charge changes are not announced).
 */
export function getFeedTail(): Promise<FeedTail> {
  const h = holder();
  h.feed ??= (async () => {
    const [store, bus] = await Promise.all([getStore(), getEventBus()]);
    const tail = await createFeedTail({
      db: store.db,
      pollMs: FEED_POLL_MS,
      onError: (error) => logLine("error", "events: reading the change feed failed", { error: String((error as Error)?.message ?? error) }),
    });
    bus.subscribeTransfers(() => void tail.poke());
    return tail;
  })().catch((error: unknown) => {
    h.feed = undefined;
    throw error;
  });
  return h.feed;
}

/** Tests only: use this bus (or forget it). */
export function setEventBusForTests(bus: EventBus | undefined): void {
  const h = holder();
  h.bus = bus ? Promise.resolve(bus) : undefined;
  // The feed reader follows the old bus and store: the next stream makes a new one.
  void h.feed?.then((tail) => tail.close()).catch(() => undefined);
  h.feed = undefined;
}
