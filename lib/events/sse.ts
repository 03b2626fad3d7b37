import "server-only";
import type { Db } from "@/lib/db";
import { latestFeedPosition, readFeed } from "@/lib/erp/feed";
import type { FeedEvent } from "@/lib/erp/feed-schema";
import type { FeedTail } from "@/lib/erp/feed-tail";
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
 * Users who may read the change feed (GET /api/events/feed) also get its events live (`change`,
 * the feed's event as is). Their stream follows two sequences, so its `id:` is the pair
 * `<webhook event id>-<feed id>`: after a drop, Last-Event-ID replays the feed after that feed id
 * (then goes on live, each event once) as well as the webhook events. A plain number (a stream
 * without the feed, or one opened before the feed was on it) resumes the webhook events only.
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

/** Where a stream resumes: the last webhook event and the last feed event it sent (null: none). */
export type StreamCursor = { webhook: number; feed: string | null };

type EventStreamOptions = {
  bus: EventBus;
  db: Db;
  lastEventId: StreamCursor | null;
  /** The change feed followed live; present for users who may read the feed (its permission). */
  feed?: FeedTail | null;
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

export function formatSse(fields: { id?: number | string; event?: string; data?: unknown; retry?: number; comment?: string }): string {
  let out = "";
  if (fields.comment !== undefined) out += `: ${fields.comment.replace(/[\r\n]+/g, " ")}\n`;
  if (fields.retry !== undefined) out += `retry: ${fields.retry}\n`;
  if (fields.id !== undefined) out += `id: ${fields.id}\n`;
  if (fields.event !== undefined) out += `event: ${fields.event}\n`;
  // JSON.stringify never emits a raw newline, so one data line is enough.
  if (fields.data !== undefined) out += `data: ${JSON.stringify(fields.data)}\n`;
  return `${out}\n`;
}

/**
 * Last-Event-ID header (browser reconnect) or ?last_event_id= (a fresh EventSource resuming):
 * `<webhook event id>` or `<webhook event id>-<feed id>`; anything else is a fresh start.
 */
export function lastEventIdOf(request: Request): StreamCursor | null {
  const raw = request.headers.get("last-event-id") ?? new URL(request.url).searchParams.get("last_event_id");
  const match = raw === null ? null : /^(\d{1,15})(?:-(0|[1-9]\d{0,14}))?$/.exec(raw.trim());
  if (!match) return null;
  return { webhook: Number(match[1]), feed: match[2] ?? null };
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
        lastWebhook = event.id;
        write(formatSse({ id: idNow(), event: SSE_EVENTS.webhook, data: event }));
      };

      // The feed's positions become visible in increasing order: the last one sent is enough to skip repeats.
      const feed = o.feed ?? null;
      let lastWebhook = o.lastEventId?.webhook ?? 0;
      let lastFeed = 0;
      let feedBuffer: FeedEvent[] | null = [];
      const idNow = () => (feed ? `${lastWebhook}-${lastFeed}` : lastWebhook);
      const sendChange = (event: FeedEvent) => {
        const position = Number(event.id);
        if (position <= lastFeed) return;
        lastFeed = position;
        write(formatSse({ id: idNow(), event: SSE_EVENTS.change, data: event }));
      };
      const unsubscribeFeed = feed ? feed.subscribe((e) => (feedBuffer ? feedBuffer.push(e) : sendChange(e))) : () => {};

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
        unsubscribeFeed();
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

      // Too much to replay one by one: the client refreshes everything and resumes from now.
      const resync = async () => {
        lastWebhook = await latestEventId(o.db);
        if (feed) lastFeed = Number(await latestFeedPosition(o.db));
        write(formatSse({ id: idNow(), event: SSE_EVENTS.resync, data: { latest_id: lastWebhook } }));
      };
      const catchUp = async () => {
        const resumeFeed = o.lastEventId?.feed ?? null;
        const missedChanges = feed && resumeFeed !== null ? (await readFeed(o.db, { after: resumeFeed, limit: catchUpLimit + 1 })).events : [];
        // A stream without a feed id to resume from follows the feed from now on.
        lastFeed = feed && resumeFeed === null ? Number(await latestFeedPosition(o.db)) : Number(resumeFeed ?? 0);
        if (o.lastEventId === null) {
          const recent = o.since ? await eventsReceivedSince(o.db, o.since, catchUpLimit + 1) : [];
          if (recent.length > catchUpLimit) return resync();
          for (const event of recent) send({ event, repeat: false });
          lastWebhook = await latestEventId(o.db);
          write(formatSse({ id: idNow(), event: SSE_EVENTS.ready, data: { latest_id: lastWebhook } }));
          return;
        }
        const missed = await eventsAfter(o.db, o.lastEventId.webhook, catchUpLimit + 1);
        if (missed.length > catchUpLimit || missedChanges.length > catchUpLimit) return resync();
        for (const event of missed) send({ event, repeat: false });
        for (const event of missedChanges) sendChange(event);
      };
      catchUp()
        .catch(() => cleanup())
        .finally(() => {
          const pending = buffer ?? [];
          buffer = null;
          for (const m of pending) send(m);
          const pendingChanges = feedBuffer ?? [];
          feedBuffer = null;
          for (const e of pendingChanges) sendChange(e);
        });
    },
    cancel() {
      cleanup();
    },
  });
}
