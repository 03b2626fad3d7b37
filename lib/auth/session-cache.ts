/**
 * A per-process memo of session cookies Better Auth has already checked: "this signed cookie
 * value is genuine and names session token T; Better Auth last saw it at time C".
 *
 * Why: every API call checks the session; asking Better Auth each time costs its own lookups and
 * a session refresh check. Why it cannot go stale: the memo holds nothing that can change. A
 * cookie's signature stays valid for ever; whether its session still exists, has not expired,
 * and what its user may do (role, deactivation, second factor, last step-up) is read from the
 * store on EVERY request in one indexed query (session-user.ts; on the embedded store from a memo
 * that every write to those rows empties, session-facts-memo.ts). So a sign-out, a role change,
 * a deactivation or a password reset made on any instance applies on the next request here.
 * Better Auth is asked again after RECHECK_MS, so it keeps extending sessions in use.
 */
export const RECHECK_MS = 60_000;
const MAX_ENTRIES = 5_000;

type Entry = { token: string; checkedAt: number };

export type SessionMemo = {
  /** The session token behind a signed cookie value checked less than RECHECK_MS ago, or null. */
  get(cookie: string, now?: number): string | null;
  remember(cookie: string, token: string, now?: number): void;
  forget(cookie: string): void;
  clear(): void;
};

export function createSessionMemo(): SessionMemo {
  const entries = new Map<string, Entry>();
  return {
    get(cookie, now = Date.now()) {
      const hit = entries.get(cookie);
      return hit && now - hit.checkedAt < RECHECK_MS ? hit.token : null;
    },
    remember(cookie, token, now = Date.now()) {
      entries.delete(cookie);
      if (entries.size >= MAX_ENTRIES) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(cookie, { token, checkedAt: now });
    },
    forget(cookie) {
      entries.delete(cookie);
    },
    clear() {
      entries.clear();
    },
  };
}
