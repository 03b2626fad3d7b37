import "server-only";
import { and, asc, gt, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { erpEvents, type ErpEventRow } from "@/lib/db/schema";
import type { FeedEvent, FeedPage } from "./feed-schema";

/**
 * A page of the change feed after `after` (a position), in commit order. Positions become
 * visible in increasing order (see lib/db/schema/erp-events.ts), so resuming from `next_cursor`
 * misses nothing and repeats nothing.
 */
export async function readFeed(db: Db, o: { after: string; limit: number }): Promise<FeedPage> {
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
  const rows = await db.select({ position: sql<number | string | null>`max(${erpEvents.position})` }).from(erpEvents);
  return String(Number(rows[0]?.position ?? 0));
}
