import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { authSession } from "@/lib/db/schema/auth";
import { authPasskey } from "@/lib/db/schema/devices";
import { findUserById, UserError } from "@/lib/db/users";
import type { Actor } from "@/lib/domain/actor";

export type RevokedPasskeys = { revoked: number; endedSessions: number };

/**
 * An admin takes every passkey away from an account (a lost or stolen phone): the passkeys are
 * deleted and the account's sessions ended (one may have been opened with the lost device), in
 * one transaction with its audit row. For a money role it runs only once a second admin confirmed
 * it (lib/admin-changes).
 */
export async function revokePasskeys(
  db: Db,
  userId: string,
  o: { actor: Actor | null; ip?: string | null; auditDetail?: Record<string, unknown> },
): Promise<RevokedPasskeys> {
  return db.transaction(async (tx) => {
    const user = await findUserById(userId, tx);
    if (!user) throw new UserError(`No user with id ${userId}`, "not_found");
    const removed = await tx.delete(authPasskey).where(eq(authPasskey.userId, userId)).returning({ id: authPasskey.id });
    const ended = await tx.delete(authSession).where(eq(authSession.userId, userId)).returning({ id: authSession.id });
    await recordAudit(
      { actor: o.actor, action: "user.passkeys_revoke", target: user.email, outcome: "success", detail: { passkeys: removed.length, sessions_ended: ended.length, ...o.auditDetail }, ip: o.ip ?? null },
      tx,
    );
    return { revoked: removed.length, endedSessions: ended.length };
  });
}
