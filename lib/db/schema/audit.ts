import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The audit log: appended, never updated or deleted. A trigger (migration
 * 0001_audit_append_only) refuses UPDATE, DELETE and TRUNCATE at the database level too.
 * No foreign key to users on purpose: entries must outlive the accounts they mention.
 *
 * Partitioned by Brazil month on `at` (migration partition_by_month, lib/db/partitions): the key is
 * (id, at) because PostgreSQL wants the partition key in it, and `id` comes from a plain sequence
 * (PostgreSQL 15 has no identity columns on partitioned tables). Closed months leave through
 * `npm run archive` only.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" })
      .notNull()
      .default(sql`nextval('audit_log_id_seq')`),
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
    primaryKey({ columns: [t.id, t.at] }),
    // Newest first, and the keyset cursor's (at, id) < (…) seek (lib/db/audit.ts).
    index("audit_log_at_id_idx").on(t.at, t.id),
    index("audit_log_action_at_idx").on(t.action, t.at),
    index("audit_log_actor_email_at_idx").on(t.actorEmail, t.at),
    // "Part of the actor's e-mail" (ILIKE '%…%'): a trigram index (pg_trgm).
    index("audit_log_actor_email_trgm_idx").using("gin", t.actorEmail.op("gin_trgm_ops")),
    // An account's history (who changed its role, reset its credentials) is read by its e-mail.
    index("audit_log_target_at_idx").on(t.target, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Audit rows per Brazil day: the log's total without counting every row. Three levels: every
 * action and actor (both '*'), one action (actor '*'), one actor (action '*'; '' is "no actor").
 * A statement trigger on audit_log appends to audit_totals_delta in the transaction that appends
 * the rows (migration store_at_scale); `foldTotals` (lib/db/totals-fold.ts) moves them here.
 */
const auditTotalsColumns = () => ({
  action: text("action").notNull(),
  actorEmail: text("actor_email").notNull(),
  day: text("day").notNull(),
  n: bigint("n", { mode: "number" }).notNull(),
});

export const auditTotals = pgTable("audit_totals", auditTotalsColumns(), (t) => [
  primaryKey({ columns: [t.action, t.actorEmail, t.day] }),
  index("audit_totals_actor_trgm_idx").using("gin", t.actorEmail.op("gin_trgm_ops")),
]);

/** What was appended since the last fold. */
export const auditTotalsDelta = pgTable("audit_totals_delta", auditTotalsColumns());
