import "server-only";
import { and, desc, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import { MONEY_ROLE_MEMORY_DAYS } from "./rules";
import type { AccountEvent } from "./types";

/** What an account's history shows the admin deciding on a change about it. */
const ACCOUNT_ACTIONS = [
  "user.create",
  "user.role_change",
  "user.deactivate",
  "user.reactivate",
  "user.reset_second_factor",
  "user.password_link",
  "user.password_set",
  "user.end_sessions",
  "admin_change.request",
  "admin_change.confirm",
  "admin_change.refuse",
] as const;

/**
 * The last MONEY_ROLE_MEMORY_DAYS of what was done to an account (by its e-mail, as the audit log
 * names it), newest first: a role "given back" that follows a demotion and a password reset by
 * the same admin reads as what it is.
 */
export async function accountHistory(db: Db, email: string, now: Date, limit = 20): Promise<AccountEvent[]> {
  const since = new Date(now.getTime() - MONEY_ROLE_MEMORY_DAYS * 86_400_000);
  const rows = await db
    .select({ at: auditLog.at, action: auditLog.action, by: auditLog.actorEmail, detail: auditLog.detail, outcome: auditLog.outcome })
    .from(auditLog)
    .where(and(eq(auditLog.target, email), gte(auditLog.at, since), inArray(auditLog.action, [...ACCOUNT_ACTIONS])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ at: r.at.toISOString(), action: r.action, by: r.by, detail: { ...r.detail, outcome: r.outcome } }));
}
