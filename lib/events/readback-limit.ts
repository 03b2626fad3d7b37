import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { webhookReadbacks } from "@/lib/db/schema";

const MINUTE_MS = 60_000;

/**
 * Counts one provider read-back for `key` ("payment:<idempotent_id>", "qrcode:<reference>") in
 * its one-minute window, in the store so every instance shares the count (one row per key, one
 * atomic upsert). Returns whether it may go ahead, and when the window ends (for Retry-After).
 */
export async function takeReadback(db: Db, key: string, limit: number, now = new Date()): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowOver = sql`${webhookReadbacks.windowStartedAt} <= ${new Date(now.getTime() - MINUTE_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(webhookReadbacks)
    .values({ key, windowStartedAt: now, count: 1, lastSeenAt: now })
    .onConflictDoUpdate({
      target: webhookReadbacks.key,
      set: {
        count: sql`case when ${windowOver} then 1 else ${webhookReadbacks.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${at} else ${webhookReadbacks.windowStartedAt} end`,
        lastSeenAt: now,
      },
    })
    .returning({ count: webhookReadbacks.count, windowStartedAt: webhookReadbacks.windowStartedAt });
  if (!row) throw new Error("read-back was not counted");
  const endsAt = new Date(row.windowStartedAt).getTime() + MINUTE_MS;
  return { allowed: row.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}
