import "server-only";
import { and, asc, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { erpEvents, type ErpEventRow } from "@/lib/db/schema";
import type { FeedEvent, FeedPage } from "./feed-schema";

/**
 * Gives a position to every committed event still without one (lib/db/schema/erp-events.ts):
 * every reader calls it before it reads, so what committed before a read is in that read.
 * Not inside a transaction of the caller's: the lock it takes is held until its own commit.
 */
export async function numberPendingEvents(db: Db): Promise<void> {
  await db.execute(sql`select erp_events_number_pending()`);
}

/**
 * A page of the change feed after `after` (a position), in the order events were numbered.
 * Positions become visible in increasing order (see lib/db/schema/erp-events.ts), so resuming
 * from `next_cursor` misses nothing and repeats nothing.
 */
export async function readFeed(db: Db, o: { after: string; limit: number }): Promise<FeedPage> {
  await numberPendingEvents(db);
  const rows = await db
    .select()
    .from(erpEvents)
    .where(and(isNotNull(erpEvents.position), gt(erpEvents.position, Number(o.after))))
    .orderBy(asc(erpEvents.position))
    .limit(o.limit);
  const last = rows.at(-1);
  return { events: rows.map(feedEventOf), next_cursor: last ? String(last.position) : o.after };
}

export function feedEventOf(row: ErpEventRow): FeedEvent {
  return { id: String(row.position), type: row.type, at: row.at.toISOString(), data: row.data };
}

/** The newest committed position ("0" when the feed is empty): where a live reader starts. */
export async function latestFeedPosition(db: Db): Promise<string> {
  await numberPendingEvents(db);
  const rows = await db.select({ position: sql<number | string | null>`max(${erpEvents.position})` }).from(erpEvents);
  return String(Number(rows[0]?.position ?? 0));
}
