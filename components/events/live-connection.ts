import { SSE_EVENTS } from "@/lib/events/names";
import type { LiveConnectionState } from "./live-store";

/**
 * One EventSource on GET /api/events, kept alive. The browser reconnects by itself after a
 * drop (sending Last-Event-ID); when it gives up (the answer was not a stream: signed out,
 * server restarting) a new EventSource is opened after a growing pause, resuming from the last
 * id seen through `?last_event_id=` (a new EventSource cannot send the header itself).
 */
export type LiveEventName = (typeof SSE_EVENTS)[keyof typeof SSE_EVENTS];

export type EventSourceLike = {
  readonly readyState: number;
  onopen: ((this: never, ev: Event) => unknown) | null;
  onerror: ((this: never, ev: Event) => unknown) | null;
  addEventListener(type: string, listener: (ev: MessageEvent<string>) => void): void;
  close(): void;
};
type EventSourceFactory = (url: string) => EventSourceLike;

type LiveConnectionOptions = {
  url?: string;
  /**
   * Epoch ms from which a fresh connection wants missed events replayed: the page's
   * navigation start, since its server-rendered data may predate the connection.
   */
  since?: number;
  onEvent: (name: LiveEventName, data: unknown) => void;
  onState: (state: LiveConnectionState) => void;
  createEventSource?: EventSourceFactory;
  /** Pause before reopening after the n-th consecutive failure (ms). */
  backoffMs?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
};

const CLOSED = 2;
const NAMES = Object.values(SSE_EVENTS) as LiveEventName[];

export function connectLive(o: LiveConnectionOptions): { close(): void; lastEventId(): string | null } {
  const url = o.url ?? "/api/events";
  const create = o.createEventSource ?? ((u: string) => new EventSource(u) as unknown as EventSourceLike);
  const backoff = o.backoffMs ?? ((n: number) => Math.min(30_000, 1_000 * 2 ** Math.min(n, 5)));
  const setTimer = o.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = o.clearTimer ?? ((t: unknown) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | null = null;
  let lastId: string | null = null;
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;

  const open = () => {
    timer = null;
    if (stopped) return;
    const query = lastId
      ? `last_event_id=${encodeURIComponent(lastId)}`
      : o.since !== undefined
        ? `since=${Math.floor(o.since)}`
        : "";
    const target = query ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
    const es = create(target);
    source = es;
    es.onopen = () => {
      failures = 0;
      o.onState("open");
    };
    es.onerror = () => {
      if (stopped || source !== es) return;
      if (es.readyState !== CLOSED) {
        o.onState("reconnecting"); // the browser retries by itself
        return;
      }
      es.close();
      source = null;
      o.onState("offline");
      timer = setTimer(open, backoff(failures++));
    };
    for (const name of NAMES) {
      es.addEventListener(name, (ev) => {
        if (ev.lastEventId) lastId = ev.lastEventId;
        let data: unknown = null;
        try {
          data = JSON.parse(ev.data);
        } catch {
          return;
        }
        o.onEvent(name, data);
      });
    }
  };

  o.onState("connecting");
  open();
  return {
    close() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      source?.close();
      source = null;
    },
    lastEventId: () => lastId,
  };
}
