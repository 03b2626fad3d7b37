import "server-only";
import { and, eq, gt, sql } from "drizzle-orm";
import { getSessionCookie } from "better-auth/cookies";
import type { Db } from "@/lib/db";
import { authSession, authUser, sessionStepUps } from "@/lib/db/schema/auth";
import { authPasskey } from "@/lib/db/schema/devices";
import type { Auth } from "./auth";
import { isRole, type Role } from "./roles";
import { secondFactorRequired } from "./second-factor";
import { createSessionMemo, type SessionMemo } from "./session-cache";
import type { SessionFacts, SessionFactsMemo } from "./session-facts-memo";

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  twoFactorEnabled: boolean;
  /** Holds at least one passkey (a second factor, and a step-up answer). Absent: none (a service account). */
  hasPasskey?: boolean;
  /** The role requires a second factor and the user has set up neither an authenticator app nor a passkey. */
  needsSecondFactor: boolean;
  /** The session's row id (not its token): step-up records are kept against it. */
  sessionId: string;
  /** When the user last proved who they are on this session: signing in, or a step-up since. */
  verifiedAt: Date;
  /** A service account calling with its token (lib/auth/bearer.ts), not a person's session. */
  serviceAccount?: true;
};

type Deps = {
  auth: () => Promise<Pick<Auth, "api">>;
  db: () => Promise<Db>;
  /** The embedded store's memo of the live facts (session-facts-memo.ts); absent or null: read them each time. */
  facts?: () => Promise<SessionFactsMemo | null>;
};

/**
 * Reads the signed-in user of a request: Better Auth checks the cookie (its signature, the
 * session) once a minute per cookie (session-cache.ts); the live facts are read on every
 * request in ONE query joining the session, its user and its last step-up, unless the
 * embedded store's memo holds them (dropped by every write to those rows). One reader per
 * instance; tests make two on one database to prove a change on one applies on the other.
 */
export function createSessionReader(deps: Deps, memo: SessionMemo = createSessionMemo()) {
  return async function readSessionUser(headers: Headers, now: Date = new Date()): Promise<SessionUser | null> {
    const cookie = getSessionCookie(headers, { cookiePrefix: "pix" });
    if (!cookie) return null;
    let token = memo.get(cookie, now.getTime());
    if (!token) {
      const auth = await deps.auth();
      const session = await auth.api.getSession({ headers }).catch(() => null);
      if (!session) {
        memo.forget(cookie);
        return null;
      }
      token = session.session.token;
      memo.remember(cookie, token, now.getTime());
    }
    const row = await readFacts(deps, token, now);
    // Signed out, ended, expired; a role the code does not know grants nothing; deactivated: nothing.
    if (!row || new Date(row.expiresAt) <= now || !isRole(row.role) || row.deactivatedAt) return null;
    const signedInAt = new Date(row.signedInAt);
    const steppedUpAt = row.steppedUpAt ? new Date(row.steppedUpAt) : null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      twoFactorEnabled: row.twoFactorEnabled,
      hasPasskey: row.hasPasskey === true,
      needsSecondFactor: !row.twoFactorEnabled && row.hasPasskey !== true && secondFactorRequired(row.role),
      sessionId: row.sessionId,
      verifiedAt: steppedUpAt && steppedUpAt > signedInAt ? steppedUpAt : signedInAt,
    };
  };
}

async function readFacts(deps: Deps, token: string, now: Date): Promise<SessionFacts | null> {
  const memo = (await deps.facts?.()) ?? null;
  const held = memo?.get(token);
  if (held) return held;
  const readAt = memo?.generation() ?? 0;
  const db = await deps.db();
  const [row] = await db
    .select({
      sessionId: authSession.id,
      signedInAt: authSession.createdAt,
      expiresAt: authSession.expiresAt,
      steppedUpAt: sessionStepUps.verifiedAt,
      id: authUser.id,
      email: authUser.email,
      name: authUser.name,
      role: authUser.role,
      twoFactorEnabled: authUser.twoFactorEnabled,
      hasPasskey: sql<boolean>`exists (select 1 from ${authPasskey} where ${authPasskey.userId} = ${authUser.id})`,
      deactivatedAt: authUser.deactivatedAt,
    })
    .from(authSession)
    .innerJoin(authUser, eq(authUser.id, authSession.userId))
    .leftJoin(sessionStepUps, eq(sessionStepUps.sessionId, authSession.id))
    .where(and(eq(authSession.token, token), gt(authSession.expiresAt, now)))
    .limit(1);
  if (row && memo) memo.remember(token, row, readAt);
  return row ?? null;
}
