import "server-only";
import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { authSignInFailure } from "@/lib/db/schema/auth";

/**
 * Failed sign-ins counted in the store (so every instance sees the same counts), per
 * (IP, email) and per email alone: the first stops one client guessing one account's password,
 * the second stops a guesser that rotates addresses (or forges X-Forwarded-For). A window opens
 * at the first failure; once `maxFailures` have happened inside it, sign-in for that key answers
 * 429 until the window ends. A successful sign-in clears the (IP, email) counter.
 */
export type ThrottleRule = { windowSeconds: number; maxFailures: number };
export type ThrottleConfig = { perIpEmail: ThrottleRule; perEmail: ThrottleRule };

export const DEFAULT_THROTTLE: ThrottleConfig = {
  perIpEmail: { windowSeconds: 60, maxFailures: 5 },
  perEmail: { windowSeconds: 60, maxFailures: 20 },
};

type Keyed = { key: string; rule: ThrottleRule };

function keysFor(ip: string, email: string, config: ThrottleConfig): Keyed[] {
  const e = email.trim().toLowerCase().slice(0, 320);
  return [
    { key: `ip-email:${ip}|${e}`, rule: config.perIpEmail },
    { key: `email:${e}`, rule: config.perEmail },
  ];
}

export type ThrottleVerdict = { throttled: false } | { throttled: true; retryAfterSeconds: number };

export async function checkSignInThrottle(
  db: Db,
  ip: string,
  email: string,
  config: ThrottleConfig = DEFAULT_THROTTLE,
  now: Date = new Date(),
): Promise<ThrottleVerdict> {
  const keyed = keysFor(ip, email, config);
  const rows = await db
    .select()
    .from(authSignInFailure)
    .where(inArray(authSignInFailure.key, keyed.map((k) => k.key)));
  let retryAfter = 0;
  for (const { key, rule } of keyed) {
    const row = rows.find((r) => r.key === key);
    if (!row) continue;
    const endsAt = row.windowStartedAt.getTime() + rule.windowSeconds * 1000;
    if (endsAt > now.getTime() && row.count >= rule.maxFailures) {
      retryAfter = Math.max(retryAfter, Math.ceil((endsAt - now.getTime()) / 1000));
    }
  }
  return retryAfter > 0 ? { throttled: true, retryAfterSeconds: retryAfter } : { throttled: false };
}

export async function recordSignInFailure(
  db: Db,
  ip: string,
  email: string,
  config: ThrottleConfig = DEFAULT_THROTTLE,
  now: Date = new Date(),
): Promise<void> {
  const t = authSignInFailure;
  for (const { key, rule } of keysFor(ip, email, config)) {
    const cutoff = new Date(now.getTime() - rule.windowSeconds * 1000).toISOString();
    const stamp = now.toISOString();
    // One atomic statement: concurrent failures on several instances all count.
    await db
      .insert(t)
      .values({ key, count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`CASE WHEN ${t.windowStartedAt} <= ${cutoff}::timestamptz THEN 1 ELSE ${t.count} + 1 END`,
          windowStartedAt: sql`CASE WHEN ${t.windowStartedAt} <= ${cutoff}::timestamptz THEN ${stamp}::timestamptz ELSE ${t.windowStartedAt} END`,
        },
      });
  }
  // Old windows are useless; keep the table small.
  const longest = Math.max(config.perIpEmail.windowSeconds, config.perEmail.windowSeconds);
  await db.delete(t).where(lt(t.windowStartedAt, new Date(now.getTime() - (longest + 3600) * 1000)));
}

export async function clearSignInFailures(
  db: Db,
  ip: string,
  email: string,
  config: ThrottleConfig = DEFAULT_THROTTLE,
): Promise<void> {
  const [ipEmail] = keysFor(ip, email, config);
  if (ipEmail) await db.delete(authSignInFailure).where(inArray(authSignInFailure.key, [ipEmail.key]));
}
