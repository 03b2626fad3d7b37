import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { authSession, sessionStepUps } from "@/lib/db/schema/auth";
import { authPasskey } from "@/lib/db/schema/devices";
import { isRole } from "./roles";
import { secondFactorRequired } from "./second-factor";
import { stepUpNeeded, stepUpNow } from "./step-up";

/** Better Auth's passkey sign-in endpoint (the plugin makes the session; auth-hooks.ts audits it). */
export const PASSKEY_SIGN_IN_PATH = "/passkey/verify-authentication";

/**
 * True when this account must sign in with its passkey rather than its password: its role needs a
 * second factor (REQUIRE_2FA), it has no authenticator app, and its second factor is a passkey.
 * Signing in with the passkey (user verification required) is then the two factors at once.
 */
export async function passkeyInsteadOfPassword(db: Db, user: { id: string; role?: unknown; twoFactorEnabled?: boolean | null }): Promise<boolean> {
  if (user.twoFactorEnabled || !isRole(user.role) || !secondFactorRequired(user.role)) return false;
  const [one] = await db.select({ id: authPasskey.id }).from(authPasskey).where(eq(authPasskey.userId, user.id)).limit(1);
  return !!one;
}

/** Adding or removing a passkey changes what proves the person: it asks for a recent step-up first. */
export const PASSKEY_CHANGE_PATHS: ReadonlySet<string> = new Set(["/passkey/generate-register-options", "/passkey/verify-registration", "/passkey/delete-passkey"]);

/**
 * True when this session last proved who holds it longer ago than the step-up window. Without
 * this, a session left open on a desk could register its own passkey and answer every later
 * step-up with it.
 */
export async function passkeyChangeNeedsStepUp(db: Db, sessionId: string, now: Date = stepUpNow()): Promise<boolean> {
  const [row] = await db
    .select({ signedInAt: authSession.createdAt, steppedUpAt: sessionStepUps.verifiedAt })
    .from(authSession)
    .leftJoin(sessionStepUps, eq(sessionStepUps.sessionId, authSession.id))
    .where(eq(authSession.id, sessionId));
  if (!row) return true;
  const verifiedAt = row.steppedUpAt && row.steppedUpAt > row.signedInAt ? row.steppedUpAt : row.signedInAt;
  return stepUpNeeded({ verifiedAt }, now);
}
