import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Webhook deliveries received at POST /api/webhooks/pix (lib/events).
 *
 * Accepted rows: one per status change, keyed by `dedupe_key` (a hash of the change), so a
 * repeat delivery only bumps `repeat_count` and `last_seen_at`. The columns copy the verified
 * message; `payload` keeps the whole message.
 *
 * Rejected rows (bad Authorization, md5, body): kept for support, capped in number. Nothing in
 * them is trusted: `idempotent_id` there is what the sender claimed, `dedupe_key` is null.
 *
 * Partitioned by Brazil month on `received_at` (lib/db/partitions): key (id, received_at), `id`
 * from a sequence. A unique index must hold the partition key, so "one row per change" is kept by
 * webhook_event_keys below, across months.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigint("id", { mode: "number" })
      .notNull()
      .default(sql`nextval('webhook_events_id_seq')`),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    repeatCount: integer("repeat_count").notNull().default(0),
    /** "payment" (type 2, pix_payment) | "qrcode" (type 1, pix_qrcode / pix_static_qrcode). */
    kind: text("kind").notNull().default("payment"),
    /** "accepted" | "rejected". */
    result: text("result").notNull(),
    /** Why a delivery was rejected (see REJECT_REASONS in lib/events/names.ts). */
    reason: text("reason"),
    dedupeKey: text("dedupe_key"),
    idempotentId: text("idempotent_id"),
    referenceCode: text("reference_code"),
    status: text("status"),
    valueCents: bigint("value_cents", { mode: "number" }),
    endToEnd: text("end_to_end"),
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    ip: text("ip"),
    /** sha256 of the first verified body that led to this row: the same body again is answered without a read-back. */
    deliveryDigest: text("delivery_digest"),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.receivedAt] }),
    index("webhook_events_dedupe_key_idx").on(t.dedupeKey),
    index("webhook_events_idempotent_id_idx").on(t.idempotentId, t.id),
    index("webhook_events_reference_code_idx").on(t.referenceCode),
    index("webhook_events_result_id_idx").on(t.result, t.id),
    index("webhook_events_delivery_digest_idx").on(t.deliveryDigest),
  ],
);

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * One row per accepted change (its `dedupe_key`), whichever month its event is in: the unique
 * key the partitioned webhook_events cannot hold. `received_at` finds the event's partition.
 */
export const webhookEventKeys = pgTable("webhook_event_keys", {
  dedupeKey: text("dedupe_key").primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
});

/**
 * Deliveries refused before anything was trusted (wrong Authorization), counted per source
 * address and minute instead of one event row each: a flood cannot fill the event log or the
 * support screens.
 */
export const webhookAuthFailures = pgTable("webhook_auth_failures", {
  ip: text("ip").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
  total: bigint("total", { mode: "number" }).notNull().default(0),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Provider read-backs asked for by webhook deliveries, counted per payment (or QR code) and
 * minute: replays of one delivery cannot turn into a flood of calls to the provider
 * (lib/events/readback-limit.ts). One row per payment, reset each window.
 */
export const webhookReadbacks = pgTable("webhook_readbacks", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
});
