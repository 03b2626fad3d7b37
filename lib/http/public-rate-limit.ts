import "server-only";
import { lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { publicRateLimits } from "@/lib/db/schema";
import type { RateState } from "./rate-limit-headers";

/**
 * Requests a client address may make to one open route in a minute, counted in the store so the
 * limit holds across every instance. The address is the one the server saw or a trusted proxy
 * reported (lib/http/client-address.ts): a forged X-Forwarded-For changes nothing. An office
 * behind one NAT shares an address, hence room for several people.
 */
export const PUBLIC_RATE_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

/** `rate`: the policy and what is left of it, for the RateLimit headers (lib/http/rate-limit-headers.ts). */
export type RateVerdict = { ok: true; rate: RateState } | { ok: false; retryAfterSeconds: number; rate: RateState };

export async function takePublicRequest(db: Db, route: string, ip: string | null, now: Date = new Date(), limit: number = PUBLIC_RATE_PER_MINUTE): Promise<RateVerdict> {
  const t = publicRateLimits;
  const key = `${route}|${ip ?? "unknown"}`;
  const stale = sql`${t.windowStartedAt} <= ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`;
  // One atomic statement: concurrent requests on several instances all count.
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${stale} then 1 else ${t.count} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${t.windowStartedAt} end`,
      },
    })
    .returning({ count: t.count, windowStartedAt: t.windowStartedAt });
  // Old windows are useless; keep the table small.
  await db.delete(t).where(lt(t.windowStartedAt, new Date(now.getTime() - 60 * WINDOW_MS)));
  const count = row?.count ?? 1;
  const resetSeconds = Math.max(1, Math.ceil(((row?.windowStartedAt ?? now).getTime() + WINDOW_MS - now.getTime()) / 1000));
  const rate: RateState = { policy: "public", quota: limit, windowSeconds: WINDOW_MS / 1000, remaining: Math.max(0, limit - count), resetSeconds };
  if (count <= limit) return { ok: true, rate };
  return { ok: false, retryAfterSeconds: resetSeconds, rate };
}
