import "server-only";
import type { Db } from "@/lib/db";
import { latestFeedPosition, readFeed } from "./feed";
import type { FeedEvent } from "./feed-schema";

/**
 * The change feed as it grows, for the live stream (GET /api/events): one reader per process
 * follows the feed from the position it started at and hands each new event, in feed order, to
 * every subscriber. It reads when poked (a transfer change was heard) and on a timer (batches and
 * charges announce nothing). Positions become visible in increasing order, so following the
 * newest position read misses nothing; a stream that resumes from an older position reads the
 * gap from the store itself (lib/events/sse.ts).
 */
export type FeedListener = (event: FeedEvent) => void;

export interface FeedTail {
  subscribe(listener: FeedListener): () => void;
  /** Reads what committed since the last read (at most one read runs at once; a poke during it reads again after). */
  poke(): Promise<void>;
  close(): void;
}

const PAGE = 500;

export async function createFeedTail(o: { db: Db; pollMs?: number; onError?: (error: unknown) => void }): Promise<FeedTail> {
  const listeners = new Set<FeedListener>();
  let position = await latestFeedPosition(o.db);
  let reading: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const readAll = async () => {
    do {
      again = false;
      for (;;) {
        const page = await readFeed(o.db, { after: position, limit: PAGE });
        for (const event of page.events) {
          position = event.id;
          for (const listener of listeners) listener(event);
        }
        if (page.events.length < PAGE) break;
      }
    } while (again && !closed);
  };
  const poke = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (reading) {
      again = true;
      return reading;
    }
    reading = readAll()
      .catch((error: unknown) => o.onError?.(error))
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  // Nobody listening: nothing to read for (the next reader catches up from where this one stopped).
  const timer = o.pollMs ? setInterval(() => void (listeners.size > 0 && poke()), o.pollMs) : undefined;
  timer?.unref?.();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    poke,
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      listeners.clear();
    },
  };
}
