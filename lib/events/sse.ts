import "server-only";
import type { Db } from "@/lib/db";
import type { BusMessage, EventBus } from "./bus";
import { SSE_EVENTS } from "./names";
import type { WebhookEvent } from "./schema";
import { eventsAfter, eventsReceivedSince, latestEventId } from "./store";

/**
 * One Server-Sent Events stream of GET /api/events.
 *
 * Order on connect: subscribe to the bus first (buffering), then catch up from Last-Event-ID by
 * reading newer stored events, then flush what arrived meanwhile, skipping what was already
 * sent. A fresh connection (no Last-Event-ID) first gets the events received since `since`
 * (the page's navigation start: its server-rendered data may predate them), then a `ready`
 * event whose `id:` is the newest stored event, so the browser's reconnect resumes from there.
 *
 * The stream ends by itself after `maxDurationMs`: the browser reconnects at once (resuming
 * from its last id) and the session and role are checked again on that new request.
 */
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: compression (Next's or a proxy's) must not buffer the stream.
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
} as const;

type EventStreamOptions = {
  bus: EventBus;
  db: Db;
  lastEventId: number | null;
  /** Fresh connections: replay what was received from this instant on (see sinceOf). */
  since?: Date | null;
  /** May see rejected deliveries and repeats (the event log's permission). */
  canSeeLog: boolean;
  /** May see transfer requests change (their permission): those changes are sent too. */
  canSeeTransfers?: boolean;
  /** May see alerts: every one (`all`) or those about their own transfers (`userId` owns them). */
  alertsFor?: { userId: string; all: boolean } | null;
  signal?: AbortSignal;
  heartbeatMs?: number;
  retryMs?: number;
  maxDurationMs?: number;
  catchUpLimit?: number;
};

const encoder = new TextEncoder();

export function formatSse(fields: { id?: number; event?: string; data?: unknown; retry?: number; comment?: string }): string {
  let out = "";
  if (fields.comment !== undefined) out += `: ${fields.comment.replace(/[\r\n]+/g, " ")}\n`;
  if (fields.retry !== undefined) out += `retry: ${fields.retry}\n`;
  if (fields.id !== undefined) out += `id: ${fields.id}\n`;
  if (fields.event !== undefined) out += `event: ${fields.event}\n`;
  // JSON.stringify never emits a raw newline, so one data line is enough.
  if (fields.data !== undefined) out += `data: ${JSON.stringify(fields.data)}\n`;
  return `${out}\n`;
}

/** Last-Event-ID header (browser reconnect) or ?last_event_id= (a fresh EventSource resuming). */
export function lastEventIdOf(request: Request): number | null {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("last_event_id");
  if (raw === null || !/^\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** How far back a fresh connection may ask for a replay, and the allowance for clock skew. */
const SINCE_MAX_MS = 5 * 60_000;
const SINCE_SKEW_MS = 30_000;

/** `?since=<epoch ms>` (the page's navigation start), moved back for clock skew, at most 5 min ago. */
export function sinceOf(request: Request, now = Date.now()): Date | null {
  const raw = new URL(request.url).searchParams.get("since");
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const at = Math.min(Number(raw), now) - SINCE_SKEW_MS;
  return new Date(Math.max(at, now - SINCE_MAX_MS));
}

export function createEventStream(o: EventStreamOptions): ReadableStream<Uint8Array> {
  const heartbeatMs = o.heartbeatMs ?? 15_000;
  const catchUpLimit = o.catchUpLimit ?? 500;
  let cleanup = () => {};

  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      // Ids sent on this stream (bounded): ids commit slightly out of order under concurrent
      // deliveries, so "not sent yet" is a set, not a high-water mark.
      const sent = new Set<number>();
      let buffer: BusMessage[] | null = [];
      const timers: NodeJS.Timeout[] = [];

      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const visible = (e: WebhookEvent) => o.canSeeLog || e.result === "accepted";
      const send = ({ event, repeat }: BusMessage) => {
        if (!visible(event)) return;
        if (repeat) {
          if (o.canSeeLog) write(formatSse({ event: SSE_EVENTS.repeat, data: event }));
          return;
        }
        if (sent.has(event.id)) return;
        sent.add(event.id);
        if (sent.size > 5_000) sent.delete(sent.values().next().value as number);
        write(formatSse({ id: event.id, event: SSE_EVENTS.webhook, data: event }));
      };

      const unsubscribe = o.bus.subscribe((m) => (buffer ? buffer.push(m) : send(m)));
      const unsubscribeTransfers = o.canSeeTransfers
        ? o.bus.subscribeTransfers((change) => write(formatSse({ event: SSE_EVENTS.transfer, data: change })))
        : () => {};
      const alertsFor = o.alertsFor;
      const unsubscribeAlerts = alertsFor
        ? o.bus.subscribeAlerts((change) => {
            if (alertsFor.all || change.owners.includes(alertsFor.userId)) write(formatSse({ event: SSE_EVENTS.alert, data: { ids: change.ids } }));
          })
        : () => {};
      cleanup = () => {
        if (!open) return;
        open = false;
        unsubscribe();
        unsubscribeTransfers();
        unsubscribeAlerts();
        for (const t of timers) clearInterval(t);
        o.signal?.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed or errored
        }
      };
      if (o.signal?.aborted) return cleanup();
      o.signal?.addEventListener("abort", cleanup, { once: true });

      write(formatSse({ retry: o.retryMs ?? 2_000, comment: "connected" }));
      timers.push(setInterval(() => write(formatSse({ comment: "ping" })), heartbeatMs));
      if (o.maxDurationMs) timers.push(setTimeout(cleanup, o.maxDurationMs));

      const catchUp = async () => {
        if (o.lastEventId === null) {
          const recent = o.since ? await eventsReceivedSince(o.db, o.since, catchUpLimit + 1) : [];
          const latest = await latestEventId(o.db);
          if (recent.length > catchUpLimit) {
            write(formatSse({ id: latest, event: SSE_EVENTS.resync, data: { latest_id: latest } }));
            return;
          }
          for (const event of recent) send({ event, repeat: false });
          write(formatSse({ id: latest, event: SSE_EVENTS.ready, data: { latest_id: latest } }));
          return;
        }
        const missed = await eventsAfter(o.db, o.lastEventId, catchUpLimit + 1);
        if (missed.length > catchUpLimit) {
          // Too much to replay one by one: the client refreshes everything instead.
          const latest = await latestEventId(o.db);
          write(formatSse({ id: latest, event: SSE_EVENTS.resync, data: { latest_id: latest } }));
          return;
        }
        for (const event of missed) send({ event, repeat: false });
      };
      catchUp()
        .catch(() => cleanup())
        .finally(() => {
          const pending = buffer ?? [];
          buffer = null;
          for (const m of pending) send(m);
        });
    },
    cancel() {
      cleanup();
    },
  });
}
