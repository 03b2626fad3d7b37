import "server-only";
import { and, inArray, lt, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { erpEvents, webhookDeliveries } from "@/lib/db/schema";

/** The feed keeps each event this long (the issue asks for at least 30 days). */
export const FEED_KEEP_MS = 35 * 24 * 3_600_000;

/**
 * Forgets feed events older than FEED_KEEP_MS that the webhook dispatcher has already passed,
 * and finished deliveries as old. Returns how many events went.
 */
export async function pruneFeed(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FEED_KEEP_MS);
  const gone = await db
    .delete(erpEvents)
    .where(and(lt(erpEvents.at, before), lte(erpEvents.position, sql`(select last_position from webhook_dispatch where id = 1)`)))
    .returning({ id: erpEvents.id });
  await db.delete(webhookDeliveries).where(and(lt(webhookDeliveries.createdAt, before), inArray(webhookDeliveries.state, ["delivered", "failed"])));
  return gone.length;
}
