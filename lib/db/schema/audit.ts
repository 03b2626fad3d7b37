import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit log: appended, never updated or deleted. A trigger (migration
 * 0001_audit_append_only) refuses UPDATE, DELETE and TRUNCATE at the database level too.
 * No foreign key to users on purpose: entries must outlive the accounts they mention.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    target: text("target"),
    outcome: text("outcome").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ip: text("ip"),
    /** The x-request-id of the HTTP request that did it (the log line's and the provider call's); null outside a request. */
    requestId: text("request_id"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
    index("audit_log_actor_email_at_idx").on(t.actorEmail, t.at),
    // An account's history (who changed its role, reset its credentials) is read by its e-mail.
    index("audit_log_target_at_idx").on(t.target, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
