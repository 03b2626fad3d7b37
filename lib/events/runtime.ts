import "server-only";
import { getStore } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { forgetInsights } from "@/lib/insights/server";
import { createEventBus, type EventBus } from "./bus";

/**
 * The event bus of this process, created on first use: LISTEN/NOTIFY when the store is
 * PostgreSQL, in-process only on PGlite. Kept on globalThis like the store (Next.js may
 * evaluate this module more than once in one process; two buses would split the subscribers).
 */
type Holder = { bus?: Promise<EventBus> };
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

/** Tests only: use this bus (or forget it). */
export function setEventBusForTests(bus: EventBus | undefined): void {
  holder().bus = bus ? Promise.resolve(bus) : undefined;
}
