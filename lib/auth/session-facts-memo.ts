import "server-only";
import type { StoreHandle } from "@/lib/db";

/**
 * The embedded store's memo of what the guard reads on every request: a session, its user and
 * its last step-up, by session token. Why only there: PGlite runs in this process and no other
 * process may open it (lib/db/pglite-lock.ts), so every write to those rows is made here. The
 * store announces each committed write to them (the trigger of migration 0013, the one door
 * every writer goes through: Better Auth, lib/db/users-admin.ts, lib/auth/step-up.ts, cascades,
 * plain SQL) and PGlite hands the announcement to `invalidate` while it reads the COMMIT's
 * answer, before the writer's next line runs: a role change, a deactivation, ended sessions or
 * a step-up apply on the very next request. On PostgreSQL other instances write too and their
 * announcements arrive late: no memo there, each request reads the rows.
 */
export const SESSION_FACTS_CHANNEL = "pix_session_facts";
const MAX_ENTRIES = 5_000;

/** The row the guard reads (lib/auth/session-user.ts), as the store answered it. */
export type SessionFacts = {
  sessionId: string;
  signedInAt: Date | string;
  expiresAt: Date | string;
  steppedUpAt: Date | string | null;
  id: string;
  email: string;
  name: string;
  role: string;
  twoFactorEnabled: boolean;
  hasPasskey: boolean;
  deactivatedAt: Date | string | null;
};

export type SessionFactsMemo = {
  /** A token's facts, or null when not held. Expiry is the reader's to check: it moves with the clock. */
  get(token: string): SessionFacts | null;
  /** The count of invalidations so far: take it before reading the store, hand it to `remember`. */
  generation(): number;
  /** Keeps facts read while `generation()` was `readAt`; a write announced since then drops them. */
  remember(token: string, facts: SessionFacts, readAt: number): void;
  invalidate(): void;
};

export function createSessionFactsMemo(): SessionFactsMemo {
  const entries = new Map<string, SessionFacts>();
  let generation = 0;
  return {
    get: (token) => entries.get(token) ?? null,
    generation: () => generation,
    remember(token, facts, readAt) {
      // A write committed while this read was in flight: the facts may predate it.
      if (readAt !== generation) return;
      entries.delete(token);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(token, facts);
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
}

// On globalThis like the store: Next.js may evaluate this module more than once in one process,
// and each copy would otherwise add its own listener and memo.
const MEMOS_KEY = Symbol.for("pix-backoffice.session-facts-memos");
const globalMemos = globalThis as typeof globalThis & { [MEMOS_KEY]?: WeakMap<StoreHandle, Promise<SessionFactsMemo | null>> };
const memos = (globalMemos[MEMOS_KEY] ??= new WeakMap());

/**
 * The memo of an embedded store, listening to its announcements; null on PostgreSQL, and null
 * (no memo, each request reads the rows) while the store cannot listen.
 */
export function sessionFactsMemoFor(store: StoreHandle): Promise<SessionFactsMemo | null> {
  const pglite = store.pglite;
  if (store.kind !== "pglite" || !pglite) return Promise.resolve(null);
  let memo = memos.get(store);
  if (!memo) {
    memo = (async () => {
      const created = createSessionFactsMemo();
      await pglite.listen(SESSION_FACTS_CHANNEL, () => created.invalidate());
      return created;
    })().catch(() => {
      memos.delete(store);
      return null;
    });
    memos.set(store, memo);
  }
  return memo;
}
