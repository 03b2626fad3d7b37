import "server-only";
import { inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { authSignInFailure } from "@/lib/db/schema/auth";
import { backoffDelay } from "@/lib/domain/backoff";

/**
 * Failed sign-ins counted in the store (so every instance sees the same counts), per client
 * address and per (account, address). Never per account alone: a limit on the account would let
 * anyone lock a staff member out from everywhere by failing on purpose. The address is the one
 * the server saw (lib/http/client-address.ts), so forging X-Forwarded-For changes nothing.
 *
 * Each key holds a streak: `count` failures, the last at `windowStartedAt` (the column keeps its
 * first name). After `freeFailures`, each failure makes the next attempt wait, longer each time
 * (baseWait, 2x, 4x ... up to maxWait): sign-in answers 429 with Retry-After until then, even
 * with the right password, and refused attempts are not counted. A streak with no failure for
 * `forgetAfterSeconds` starts again from zero; a successful sign-in clears the (account,
 * address) streak, never the address's own.
 */
type ThrottleRule = {
  freeFailures: number;
  baseWaitSeconds: number;
  maxWaitSeconds: number;
  forgetAfterSeconds: number;
};
export type ThrottleConfig = { perAccountAddress: ThrottleRule; perAddress: ThrottleRule };

export const DEFAULT_THROTTLE: ThrottleConfig = {
  perAccountAddress: { freeFailures: 5, baseWaitSeconds: 30, maxWaitSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 },
  // An office behind one NAT shares an address: room for several people's typos.
  perAddress: { freeFailures: 50, baseWaitSeconds: 60, maxWaitSeconds: 60 * 60, forgetAfterSeconds: 60 * 60 },
};

type Keyed = { key: string; rule: ThrottleRule };

function keysFor(ip: string, email: string, config: ThrottleConfig): Keyed[] {
  const account = email.trim().toLowerCase().slice(0, 320);
  return [
    { key: `ip-email:${ip}|${account}`, rule: config.perAccountAddress },
    { key: `ip:${ip}`, rule: config.perAddress },
  ];
}

/** Seconds to wait after `count` failures in a row (0 while failures are still free). */
export function waitSeconds(count: number, rule: ThrottleRule): number {
  if (count < rule.freeFailures) return 0;
  return backoffDelay(count - rule.freeFailures + 1, { base: rule.baseWaitSeconds, cap: rule.maxWaitSeconds });
}

type ThrottleVerdict = { throttled: false } | { throttled: true; retryAfterSeconds: number };

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
    const last = row.windowStartedAt.getTime();
    if (now.getTime() - last >= rule.forgetAfterSeconds * 1000) continue;
    const until = last + waitSeconds(row.count, rule) * 1000;
    if (until > now.getTime()) retryAfter = Math.max(retryAfter, Math.ceil((until - now.getTime()) / 1000));
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
  const stamp = now.toISOString();
  for (const { key, rule } of keysFor(ip, email, config)) {
    const forgotten = new Date(now.getTime() - rule.forgetAfterSeconds * 1000).toISOString();
    // One atomic statement: concurrent failures on several instances all count.
    await db
      .insert(t)
      .values({ key, count: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          count: sql`CASE WHEN ${t.windowStartedAt} <= ${forgotten}::timestamptz THEN 1 ELSE ${t.count} + 1 END`,
          windowStartedAt: sql`${stamp}::timestamptz`,
        },
      });
  }
  // Forgotten streaks are useless; keep the table small.
  const longest = Math.max(config.perAccountAddress.forgetAfterSeconds, config.perAddress.forgetAfterSeconds);
  await db.delete(t).where(lt(t.windowStartedAt, new Date(now.getTime() - longest * 1000)));
}

/** A successful sign-in: this account's streak from this address ends. */
export async function clearSignInFailures(db: Db, ip: string, email: string, config: ThrottleConfig = DEFAULT_THROTTLE): Promise<void> {
  const [accountAddress] = keysFor(ip, email, config);
  if (accountAddress) await db.delete(authSignInFailure).where(inArray(authSignInFailure.key, [accountAddress.key]));
}
