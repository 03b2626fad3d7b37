/**
 * A short-lived, per-process memo of "which user does this session token belong to".
 *
 * Why: every API call checks the session, and on the embedded store (PGlite runs inside the
 * server's own thread) those lookups queue behind each other under load, turning the proxy
 * into the bottleneck. A few seconds of memo removes it. The price is bounded: a role
 * change made elsewhere (the CLI, another instance) takes effect within TTL_MS; a sign-out on
 * this instance takes effect at once (the sign-out hook forgets the token).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

type Entry<T> = { value: T; expiresAt: number };
// On globalThis: Next.js bundles route handlers and pages separately, each with its own copy of
// module state, and the sign-out route must clear the memo the pages' guard reads.
const KEY = Symbol.for("pix.session-memo");
const holder = globalThis as unknown as Record<symbol, Map<string, Entry<unknown>> | undefined>;
const entries: Map<string, Entry<unknown>> = (holder[KEY] ??= new Map());

export async function memoSession<T>(token: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(token);
  if (hit && hit.expiresAt > now) return hit.value as T;
  const value = await load();
  if (entries.size >= MAX_ENTRIES) {
    // Maps iterate in insertion order: drop the oldest entry.
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(token, { value, expiresAt: now + SESSION_CACHE_TTL_MS });
  return value;
}

/**
 * Forgets a session by its token. Entries are keyed by the whole signed cookie value
 * ("<token>.<signature>"), never by the bare token, so a forged signature cannot ride on a memo.
 */
export function forgetSession(token: string): void {
  for (const key of entries.keys()) {
    if (key === token || key.startsWith(`${token}.`)) entries.delete(key);
  }
}

export function clearSessionCache(): void {
  entries.clear();
}
