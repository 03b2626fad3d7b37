import type { Role } from "@/lib/auth/roles";
import { approvalsRequired, type ApprovalPolicy } from "@/lib/transfers/policy";

/**
 * Which admin changes weaken money controls and so wait for a second admin (lib/admin-changes).
 * Client-safe and pure: the settings form and the users page say beforehand what will wait.
 */

/** Roles that may create or approve transfers: granting one gives someone a hand on the money. */
export const MONEY_ROLES: readonly Role[] = ["operator", "approver", "admin"];

export function isMoneyRole(role: Role): boolean {
  return MONEY_ROLES.includes(role);
}

/**
 * A new approval policy weakens the one in force when money could move with fewer checks:
 * - at SOME amount it asks for fewer approvals (a tier removed, its threshold raised, its count
 *   lowered): checked at every threshold of either policy, where the step functions change;
 * - or a request may wait longer for its approvals (a longer expiry).
 * A change stricter at some amounts and looser at others weakens (it waits as a whole). A change
 * that is stricter or equal everywhere, with an equal or shorter expiry, applies at once.
 */
export function policyWeakens(inForce: ApprovalPolicy, proposed: ApprovalPolicy): boolean {
  if (proposed.expiry_hours > inForce.expiry_hours) return true;
  const thresholds = new Set([...inForce.tiers, ...proposed.tiers].map((tier) => tier.from_cents));
  for (const cents of thresholds) {
    if (approvalsRequired(proposed, cents) < approvalsRequired(inForce, cents)) return true;
  }
  return false;
}

/** A user change as the admins' page asks for it (PATCH /api/users/{id}). */
export type UserChangeRequest =
  | { role: Role }
  | { deactivated: boolean }
  | { resetSecondFactor: true }
  | { endSessions: true }
  | { newPasswordLink: true };

/** How long after leaving a money role an account's credentials stay a two-admin matter. */
export const MONEY_ROLE_MEMORY_DAYS = 30;

/**
 * The account holds a money role now, or held one in the last MONEY_ROLE_MEMORY_DAYS: whoever
 * controls its sign-in could approve as it again once its role is given back (demoting it first
 * applies at once, and a reset for a "viewer" would otherwise too).
 */
export function heldMoneyRoleRecently(account: { role: Role; moneyRoleUntil: Date | null }, now: Date): boolean {
  if (isMoneyRole(account.role)) return true;
  return account.moneyRoleUntil !== null && now.getTime() - account.moneyRoleUntil.getTime() < MONEY_ROLE_MEMORY_DAYS * 86_400_000;
}

/**
 * Whether a user change waits for a second admin: granting a money role (to anyone who does not
 * have that very role); or a set-password link, a second-factor reset or a reactivation for an
 * account that held one in the last 30 days, whatever its role now (whoever controls its sign-in
 * could approve as it). Taking access away (a lower role, deactivation, ending sessions) never waits.
 */
export function userChangeNeedsSecondAdmin(change: UserChangeRequest, current: { role: Role; moneyRoleUntil: Date | null }, now: Date): boolean {
  if ("role" in change) return change.role !== current.role && isMoneyRole(change.role);
  if ("newPasswordLink" in change || "resetSecondFactor" in change) return heldMoneyRoleRecently(current, now);
  if ("deactivated" in change) return change.deactivated === false && heldMoneyRoleRecently(current, now);
  return false;
}
