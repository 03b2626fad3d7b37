import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()). */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * The change log the company's ERP reads (GET /api/events/feed) and the webhooks deliver
 * (lib/erp). One row per change of a transfer request, a batch or a charge, written in the
 * transaction that made the change (lib/db/migrations/0020_erp_events.sql: triggers on the
 * transfer timeline and on batches, and `erp_emit()` for everything else).
 *
 * `position` is the feed's order and cursor. A writer leaves it null: the readers number the rows
 * (`erp_events_number_pending()`, called by lib/erp/feed.ts before it reads): in one short
 * transaction under an advisory lock held until its commit, every committed row still without a
 * position gets the next positions, in the order written. A row is numbered only once it is
 * committed, and each numbering comes after every one before it, so positions become visible in
 * increasing order: a reader that saw position n never later finds a new row below n (no gaps,
 * no repeats when resuming after n). Writers wait for nothing: numbering at each writer's commit
 * (the first design) held one lock across every commit of the store.
 */
export const erpEvents = pgTable(
  "erp_events",
  {
    /** Order of writing: the order committed rows are numbered in (not the feed's order: see `position`). */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    position: bigint("position", { mode: "number" }),
    /** The transaction that wrote the row (what an investigation joins on; the numbering does not read it). */
    txid: xid8("txid").notNull().default(sql`pg_current_xact_id()`),
    /** `transfer.paid`, `batch.completed`, `charge.paid`... */
    type: text("type").notNull(),
    /** The id of the transfer request, batch or charge. */
    subjectId: text("subject_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex("erp_events_position_idx").on(t.position),
    index("erp_events_unsealed_idx").on(t.id).where(sql`position is null`),
    index("erp_events_at_idx").on(t.at),
  ],
);

export type ErpEventRow = typeof erpEvents.$inferSelect;

/**
 * The company's systems that receive the events as Standard Webhooks (lib/erp/webhooks).
 * `secret` signs the deliveries (`whsec_` + base64), shown once when made or rotated.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  /** Patterns of event types: `transfer.*`, `batch.completed`, `*`. */
  events: jsonb("events").$type<string[]>().notNull(),
  description: text("description"),
  secret: text("secret").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  /** When deliveries started failing without a success since (null: healthy). */
  failingSince: timestamp("failing_since", { withTimezone: true }),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  disabledReason: text("disabled_reason"),
  createdById: text("created_by_id").notNull(),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event to one endpoint: the durable queue of outgoing webhooks. `webhook_id` is the
 * Standard Webhooks message id, the same on every attempt so the receiver can drop repeats.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    eventPosition: bigint("event_position", { mode: "number" }).notNull(),
    eventType: text("event_type").notNull(),
    webhookId: text("webhook_id").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** `pending` (due at `next_attempt_at`), `delivered`, `failed` (gave up). */
    state: text("state").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A worker's hold on it while it sends (another instance leaves it alone until then). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_endpoint_event_idx").on(t.endpointId, t.eventPosition),
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`state = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Each attempt of a delivery: when, the answer's status (null: no answer) and its first characters. */
export const webhookDeliveryAttempts = pgTable(
  "webhook_delivery_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    status: integer("status"),
    excerpt: text("excerpt"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("webhook_delivery_attempts_delivery_idx").on(t.deliveryId, t.at)],
);

export type WebhookDeliveryAttemptRow = typeof webhookDeliveryAttempts.$inferSelect;

/** How far the dispatcher has turned events into deliveries (one row). */
export const webhookDispatch = pgTable("webhook_dispatch", {
  id: integer("id").primaryKey(),
  lastPosition: bigint("last_position", { mode: "number" }).notNull(),
});
