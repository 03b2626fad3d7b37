import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Alerts (lib/alerts): what needs a person, raised by the rules, stored, listed, acknowledged or
 * resolved. One live alert per key (rule + subject + condition): the partial UNIQUE index is what
 * makes "raised once" hold across instances; a condition that ends resolves it, and a new
 * occurrence after that is a new alert.
 */
export const alerts = pgTable(
  "alerts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** One of ALERT_RULES (lib/alerts/rules.ts). */
    rule: text("rule").notNull(),
    /** rule:subject_type:subject_id[:condition] */
    key: text("key").notNull(),
    /** "transfer" | "batch" | "finding" | "account" | "webhooks" */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The maker of the transfer or batch it is about (operators see their own); null: the whole back office. */
    ownerId: text("owner_id"),
    /** What the rule saw (amount, receiver, reason, counts, threshold...), kept up to date while it is live. */
    facts: jsonb("facts").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    state: text("state").notNull().default("open"),
    raisedAt: timestamp("raised_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    acknowledgedById: text("acknowledged_by_id"),
    acknowledgedByEmail: text("acknowledged_by_email"),
    acknowledgeNote: text("acknowledge_note"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** null with resolved_at set: it resolved by itself (its condition ended). */
    resolvedById: text("resolved_by_id"),
    resolvedByEmail: text("resolved_by_email"),
    resolutionNote: text("resolution_note"),
  },
  (t) => [
    uniqueIndex("alerts_live_key_idx").on(t.key).where(sql`${t.state} <> 'resolved'`),
    index("alerts_state_raised_idx").on(t.state, t.raisedAt),
    index("alerts_subject_idx").on(t.subjectType, t.subjectId),
    index("alerts_owner_idx").on(t.ownerId, t.raisedAt),
    check("alerts_state_check", sql`${t.state} in ('open','acknowledged','resolved')`),
  ],
);

/**
 * One message to send: an e-mail to one person or a post to the alert webhook, written in the
 * transaction that decided it (UNIQUE key: decided once, however many instances heard of it),
 * sent by the queue (`alert-deliver`) and retried with backoff until it is sent or given up.
 */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    /** "email" | "webhook" */
    channel: text("channel").notNull(),
    /** What it says (lib/alerts/messages.ts): "alert", "awaiting_approval", "approved", ... */
    kind: text("kind").notNull(),
    alertId: bigint("alert_id", { mode: "number" }).references(() => alerts.id, { onDelete: "cascade" }),
    recipientId: text("recipient_id"),
    /** An e-mail address or the webhook URL, as it was when decided. */
    address: text("address").notNull(),
    locale: text("locale").notNull().default("pt-BR"),
    /** The values the message is written from (amounts, names, links). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A sender's claim: nobody else sends it before this instant. */
    claimUntil: timestamp("claim_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alert_deliveries_key_idx").on(t.key),
    index("alert_deliveries_due_idx").on(t.state, t.nextAttemptAt),
    index("alert_deliveries_alert_idx").on(t.alertId),
    check("alert_deliveries_state_check", sql`${t.state} in ('pending','sent','failed')`),
    check("alert_deliveries_channel_check", sql`${t.channel} in ('email','webhook')`),
  ],
);

/** The thresholds admins set on /settings/alerts: one row per rule changed from its default. */
export const alertRuleSettings = pgTable("alert_rule_settings", {
  rule: text("rule").primaryKey(),
  enabled: boolean("enabled").notNull(),
  threshold: bigint("threshold", { mode: "number" }),
  changedById: text("changed_by_id"),
  changedByEmail: text("changed_by_email"),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Which e-mails a person does not want (everything their role may receive is on by default). */
export const mailPreferences = pgTable("mail_preferences", {
  userId: text("user_id").primaryKey(),
  muted: jsonb("muted").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The bell: the newest alert id each person has seen (unread = visible, live and newer). */
export const alertReads = pgTable("alert_reads", {
  userId: text("user_id").primaryKey(),
  seenUpTo: bigint("seen_up_to", { mode: "number" }).notNull().default(0),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

export type AlertRow = typeof alerts.$inferSelect;
export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect;
