/**
 * When a failed delivery is tried again: after each failed attempt n (1-based), wait
 * RETRY_DELAYS_MS[n-1]. The first retry comes within 30 s, then the waits grow; the last
 * attempt is about 47 hours after the first (at least 24 h, as the issue asks). After the last,
 * the delivery is `failed` (it can still be sent again by hand).
 */
const S = 1_000;
const M = 60 * S;
const H = 60 * M;
export const RETRY_DELAYS_MS = [10 * S, 1 * M, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H, 10 * H, 10 * H] as const;

/** An endpoint whose deliveries have all failed for this long is disabled (and admins told). */
export const DISABLE_AFTER_MS = 3 * 24 * H;

/** The next attempt after `attempts` failed ones, or null: give up. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const wait = RETRY_DELAYS_MS[attempts - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait);
}
