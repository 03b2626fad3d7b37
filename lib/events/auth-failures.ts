import "server-only";
import { desc, gte, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { webhookAuthFailures } from "@/lib/db/schema";

/**
 * Unauthenticated webhook deliveries, counted per address (lib/events/receiver.ts answers 429
 * past its limit) and summed for the provider settings page.
 */

/** Addresses whose counters were last touched this long ago are forgotten. */
const AUTH_FAILURE_KEEP_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;

/**
 * Counts one unauthenticated delivery from `ip` in its one-minute window (one row per address:
 * a flood is a counter, not rows). Returns the window's count and when it ends, for the 429.
 */
export async function countAuthFailure(db: Db, ip: string, now = new Date()): Promise<{ count: number; windowEndsAt: Date }> {
  // Dates inside raw SQL travel as ISO text with a cast: postgres.js does not serialise a Date there.
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowOver = sql`${webhookAuthFailures.windowStartedAt} <= ${new Date(now.getTime() - MINUTE_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(webhookAuthFailures)
    .values({ ip, windowStartedAt: now, count: 1, total: 1, lastSeenAt: now })
    .onConflictDoUpdate({
      target: webhookAuthFailures.ip,
      set: {
        count: sql`case when ${windowOver} then 1 else ${webhookAuthFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${at} else ${webhookAuthFailures.windowStartedAt} end`,
        total: sql`${webhookAuthFailures.total} + 1`,
        lastSeenAt: now,
      },
    })
    .returning({ count: webhookAuthFailures.count, total: webhookAuthFailures.total, windowStartedAt: webhookAuthFailures.windowStartedAt });
  if (!row) throw new Error("auth failure was not counted");
  // A new address: forget the ones gone quiet for a day (rows stay few whatever the flood).
  if (Number(row.total) === 1) {
    await db.delete(webhookAuthFailures).where(lt(webhookAuthFailures.lastSeenAt, new Date(now.getTime() - AUTH_FAILURE_KEEP_MS)));
  }
  return { count: row.count, windowEndsAt: new Date(new Date(row.windowStartedAt).getTime() + MINUTE_MS) };
}

export type AuthFailureSummary = { ip: string; total: number; lastSeenAt: string }[];

/** The addresses that sent unauthenticated deliveries in the last day, most first (the provider settings page). */
export async function recentAuthFailures(db: Db, limit = 10, now = new Date()): Promise<AuthFailureSummary> {
  const rows = await db
    .select()
    .from(webhookAuthFailures)
    .where(gte(webhookAuthFailures.lastSeenAt, new Date(now.getTime() - AUTH_FAILURE_KEEP_MS)))
    .orderBy(desc(webhookAuthFailures.total))
    .limit(limit);
  return rows.map((r) => ({ ip: r.ip, total: Number(r.total), lastSeenAt: new Date(r.lastSeenAt).toISOString() }));
}
