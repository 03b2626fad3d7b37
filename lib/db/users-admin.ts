import "server-only";
import { and, count, eq, isNull, ne, sql } from "drizzle-orm";
import { isRole, type Role } from "@/lib/auth/roles";
import { isMoneyRole } from "@/lib/admin-changes/rules";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { reviewUnsent } from "@/lib/transfers/server/send-check-store";
import { recordAudit, type AuditAction } from "./audit";
import { getDb, type Db } from "./index";
import { authSession, authTwoFactor, authUser } from "./schema/auth";
import { findUserByEmail, findUserById, issueSetPasswordToken, normalizeEmail, UserError, type UserChangeOptions, type UserSummary } from "./users";

/**
 * What an admin may change about a user (PATCH /api/users/{id}), one change per call. Each is
 * written with its audit row in one transaction; changes that could leave the back office
 * without an active admin are refused (last_admin), under a lock so two admins demoting each
 * other at once cannot both succeed.
 */
export type UserChange =
  | { role: Role }
  | { deactivated: boolean }
  | { resetSecondFactor: true }
  | { endSessions: true }
  | { newPasswordLink: true };

type UserChangeResult = {
  user: UserSummary;
  /** Whether anything changed (deactivating a deactivated user changes nothing). */
  changed: boolean;
  /** A new one-time set-password token (newPasswordLink only). */
  token?: string;
  endedSessions: number;
};

/** One lock for every change that can remove an active admin (same key on every instance). */
async function lockAdmins(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('pix.users.active-admins'))`);
}

async function assertNotLastAdmin(tx: Db, user: UserSummary): Promise<void> {
  if (user.role !== "admin" || user.deactivatedAt) return;
  const [others] = await tx
    .select({ n: count() })
    .from(authUser)
    .where(and(eq(authUser.role, "admin"), isNull(authUser.deactivatedAt), ne(authUser.id, user.id)));
  if (Number(others?.n ?? 0) === 0) throw new UserError(`${user.email} is the last active admin`, "last_admin");
}

async function endSessions(tx: Db, userId: string): Promise<string[]> {
  const ended = await tx.delete(authSession).where(eq(authSession.userId, userId)).returning({ token: authSession.token });
  return ended.map((s) => s.token);
}

function describe(change: UserChange): { action: AuditAction; detail: Record<string, unknown> } {
  if ("role" in change) return { action: "user.role_change", detail: { to: change.role } };
  if ("deactivated" in change) return { action: change.deactivated ? "user.deactivate" : "user.reactivate", detail: {} };
  if ("resetSecondFactor" in change) return { action: "user.reset_second_factor", detail: {} };
  if ("endSessions" in change) return { action: "user.end_sessions", detail: {} };
  return { action: "user.password_link", detail: {} };
}

export async function changeUser(id: string, change: UserChange, options: UserChangeOptions = {}): Promise<UserChangeResult> {
  const store = options.db ?? (await getDb());
  if ("role" in change && !isRole(change.role)) throw new UserError(`Unknown role "${String(change.role)}"`, "unknown_role");
  const { action, detail } = describe(change);
  let ended: string[] = [];
  const outcome = await store.transaction(async (tx) => {
    await lockAdmins(tx);
    const user = await findUserById(id, tx);
    if (!user) throw new UserError(`No user with id ${id}`, "not_found");
    const now = new Date();
    const facts: Record<string, unknown> = { ...detail };
    let token: string | undefined;
    if ("role" in change) {
      if (user.role === change.role) return { user, changed: false };
      if (change.role !== "admin") await assertNotLastAdmin(tx, user);
      // Leaving a money role is remembered: its credentials stay a two-admin matter for a while.
      const leavesMoney = isMoneyRole(user.role) && !isMoneyRole(change.role);
      await tx.update(authUser).set({ role: change.role, updatedAt: now, ...(leavesMoney ? { moneyRoleUntil: now } : {}) }).where(eq(authUser.id, id));
      facts.from = user.role;
    } else if ("deactivated" in change) {
      if (Boolean(user.deactivatedAt) === change.deactivated) return { user, changed: false };
      if (change.deactivated) {
        await assertNotLastAdmin(tx, user);
        ended = await endSessions(tx, id);
        facts.sessions_ended = ended.length;
      }
      await tx.update(authUser).set({ deactivatedAt: change.deactivated ? now : null, updatedAt: now }).where(eq(authUser.id, id));
    } else if ("resetSecondFactor" in change) {
      await tx.delete(authTwoFactor).where(eq(authTwoFactor.userId, id));
      await tx.update(authUser).set({ twoFactorEnabled: false, updatedAt: now }).where(eq(authUser.id, id));
      ended = await endSessions(tx, id);
      facts.was_enabled = user.twoFactorEnabled;
      facts.sessions_ended = ended.length;
    } else if ("endSessions" in change) {
      ended = await endSessions(tx, id);
      facts.sessions_ended = ended.length;
    } else {
      token = await issueSetPasswordToken(tx, id, now);
    }
    // What this person made, submitted or approved and was not sent yet is checked again now: a
    // payable learns the day its approver was demoted, not on its send day.
    if ("role" in change || ("deactivated" in change && change.deactivated)) {
      const policy = await getApprovalPolicy(tx, options.defaultExpiryHours);
      const reviewed = await reviewUnsent(tx, { personId: id }, { policy, now, actor: options.actor ?? null, cause: action });
      if (reviewed.held || reviewed.reapproval || reviewed.updated) facts.transfers_rechecked = reviewed;
    }
    await recordAudit({ actor: options.actor ?? null, action, target: user.email, outcome: "success", detail: { ...facts, ...options.auditDetail }, ip: options.ip }, tx);
    return { user, changed: true, token };
  });
  // Ended sessions stop working on the next request of every instance: the guard reads the session row each time
  // (on the embedded store, the commit above has already emptied its memo: lib/auth/session-facts-memo.ts).
  const user = (await findUserById(id, store)) ?? outcome.user;
  return { user, changed: outcome.changed, token: outcome.token, endedSessions: ended.length };
}

/** Changes a user's role by email (the CLI; audited as user.role_change). */
export async function setUserRole(email: string, role: Role, options: UserChangeOptions = {}): Promise<{ user: UserSummary; previous: Role }> {
  const store = options.db ?? (await getDb());
  if (!isRole(role)) throw new UserError(`Unknown role "${String(role)}"`, "unknown_role");
  const user = await findUserByEmail(email, store);
  if (!user) throw new UserError(`No user with email ${normalizeEmail(email)}`, "not_found");
  const result = await changeUser(user.id, { role }, { ...options, db: store });
  return { user: result.user, previous: user.role };
}
