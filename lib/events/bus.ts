import "server-only";
import { EventEmitter } from "node:events";
import type { Sql } from "postgres";
import type { Db, PgliteClient } from "@/lib/db";
import { ALERT_CHANNEL, parseAlertChange, type AlertChange } from "@/lib/alerts/live-channel";
import { parseTransferChange, TRANSFER_CHANNEL, type TransferChange } from "@/lib/transfers/live-channel";
import type { WebhookEvent } from "./schema";
import { eventsAfter, getEvent, latestEventId } from "./store";
import { logLine } from "@/lib/http/logger";

/**
 * Fan-out of stored webhook events to the SSE streams of this process and, on PostgreSQL, of
 * every other instance: LISTEN/NOTIFY on one channel, payload `{id}:{repeat_count}`; each
 * instance loads the event by id once and hands it to its own subscribers. On PGlite (one
 * process) the in-process emitter is all there is.
 *
 * The publishing instance emits locally at once (it does not wait for its own NOTIFY to come
 * back) and ignores that NOTIFY when it arrives. After the LISTEN connection drops and comes
 * back, events stored meanwhile are read from the store, so no instance misses a change.
 */
export type BusMessage = { event: WebhookEvent; repeat: boolean };
type BusListener = (message: BusMessage) => void;
/** A transfer request changed state (announced by lib/transfers/server/transition.ts with pg_notify). */
type TransferListener = (change: TransferChange) => void;
/** Alerts were raised, taken on or resolved (announced by lib/alerts with pg_notify). */
type AlertListener = (change: AlertChange) => void;

export interface EventBus {
  readonly kind: "local" | "postgres";
  /** Tells every instance (this one included) about an event just stored or repeated. */
  publish(event: WebhookEvent, repeat: boolean): Promise<void>;
  subscribe(listener: BusListener): () => void;
  subscribeTransfers(listener: TransferListener): () => void;
  subscribeAlerts(listener: AlertListener): () => void;
  readonly subscriberCount: number;
  close(): Promise<void>;
}

const BUS_CHANNEL = "pix_webhook_events";
const SEEN_LIMIT = 2_000;

type EventBusOptions = {
  db: Db;
  /** PostgreSQL URL: cross-instance fan-out through LISTEN/NOTIFY. Absent: this process only. */
  databaseUrl?: string;
  /** The embedded store's client: transfer changes are heard on it (PGlite's own LISTEN). */
  pglite?: PgliteClient;
  /** application_name of the bus's PostgreSQL connections (logs, tests). */
  name?: string;
  /** Called with failures of the background work (loading a notified event, catch-up). */
  onError?: (error: unknown) => void;
};

export async function createEventBus(o: EventBusOptions): Promise<EventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const onError = o.onError ?? ((e: unknown) => logLine("error", "events: bus failure", { error: e }));
  // Keys `{id}:{repeat}` already emitted here, oldest first, bounded.
  const seen = new Set<string>();
  let maxEmittedId = 0;
  const emit = (message: BusMessage) => {
    const key = `${message.event.id}:${message.event.repeat_count}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
    if (!message.repeat) maxEmittedId = Math.max(maxEmittedId, message.event.id);
    emitter.emit("event", message);
  };
  const subscribe = (listener: BusListener) => {
    emitter.on("event", listener);
    return () => void emitter.off("event", listener);
  };
  const subscribeTransfers = (listener: TransferListener) => {
    emitter.on("transfer", listener);
    return () => void emitter.off("transfer", listener);
  };
  const onTransfer = (payload: string) => {
    const change = parseTransferChange(payload);
    if (change) emitter.emit("transfer", change);
  };
  const subscribeAlerts = (listener: AlertListener) => {
    emitter.on("alert", listener);
    return () => void emitter.off("alert", listener);
  };
  const onAlert = (payload: string) => {
    const change = parseAlertChange(payload);
    if (change) emitter.emit("alert", change);
  };

  if (!o.databaseUrl) {
    const unlisten = o.pglite ? await o.pglite.listen(TRANSFER_CHANNEL, onTransfer) : undefined;
    const unlistenAlerts = o.pglite ? await o.pglite.listen(ALERT_CHANNEL, onAlert) : undefined;
    return {
      kind: "local",
      subscribe,
      subscribeTransfers,
      subscribeAlerts,
      get subscriberCount() {
        return emitter.listenerCount("event");
      },
      async publish(event, repeat) {
        emit({ event, repeat });
      },
      async close() {
        emitter.removeAllListeners();
        await unlisten?.().catch(() => undefined);
        await unlistenAlerts?.().catch(() => undefined);
      },
    };
  }

  // Catch-up after a reconnect starts from here, never from the beginning of history.
  maxEmittedId = await latestEventId(o.db);
  const { default: postgres } = await import("postgres");
  const sql: Sql = postgres(o.databaseUrl, {
    max: 2,
    onnotice: () => undefined,
    connection: { application_name: o.name ?? "pix-backoffice-events" },
  });
  let closed = false;
  let listenedOnce = false;

  const onNotify = (payload: string) => {
    if (closed || seen.has(payload)) return;
    const id = Number(payload.split(":")[0]);
    const repeat = Number(payload.split(":")[1] ?? 0) > 0;
    if (!Number.isSafeInteger(id) || id <= 0) return;
    getEvent(o.db, id)
      .then((event) => {
        if (event && !closed) emit({ event, repeat });
      })
      .catch(onError);
  };
  // Called on the first LISTEN and again after every reconnect of the listening connection.
  const onListen = () => {
    if (!listenedOnce) {
      listenedOnce = true;
      return;
    }
    eventsAfter(o.db, maxEmittedId, 500)
      .then((events) => {
        for (const event of events) if (!closed) emit({ event, repeat: false });
      })
      .catch(onError);
  };
  let listening: Awaited<ReturnType<Sql["listen"]>>;
  let listeningTransfers: Awaited<ReturnType<Sql["listen"]>>;
  let listeningAlerts: Awaited<ReturnType<Sql["listen"]>>;
  try {
    listening = await sql.listen(BUS_CHANNEL, onNotify, onListen);
    listeningTransfers = await sql.listen(TRANSFER_CHANNEL, onTransfer);
    listeningAlerts = await sql.listen(ALERT_CHANNEL, onAlert);
  } catch (error) {
    await sql.end({ timeout: 1 }).catch(() => undefined);
    throw error;
  }

  return {
    kind: "postgres",
    subscribe,
    subscribeTransfers,
    subscribeAlerts,
    get subscriberCount() {
      return emitter.listenerCount("event");
    },
    async publish(event, repeat) {
      emit({ event, repeat });
      await sql.notify(BUS_CHANNEL, `${event.id}:${event.repeat_count}`);
    },
    async close() {
      closed = true;
      emitter.removeAllListeners();
      await listening.unlisten().catch(() => undefined);
      await listeningTransfers.unlisten().catch(() => undefined);
      await listeningAlerts.unlisten().catch(() => undefined);
      await sql.end({ timeout: 5 });
    },
  };
}
