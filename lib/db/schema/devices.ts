import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { authUser } from "./auth";

/**
 * What a person's own devices hold for them: passkeys (WebAuthn credentials, Better Auth's passkey
 * plugin, lib/auth/passkeys.ts) and Web Push subscriptions (lib/push).
 */

/** Better Auth's passkey model: the JS property names are its field names, the SQL names ours. */
export const authPasskey = pgTable(
  "auth_passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    /** The credential's public key (COSE, base64). Only public material is kept. */
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull(),
    /** The authenticator's signature counter: a lower one than stored means a cloned key. */
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("auth_passkey_user_id_idx").on(t.userId), uniqueIndex("auth_passkey_credential_id_idx").on(t.credentialID)],
);

/**
 * A browser's Web Push subscription (one per device and person): where the push service takes
 * messages for it, and the keys they are encrypted with (RFC 8291). Only people subscribe: a
 * service account's token never reaches the route.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The browser that subscribed, as it named itself, shown in the list of devices. */
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * Each push decided for a device: `subject` is what waits ("transfer:<id>", "batch:<id>",
 * "series:<id>"), `kind` is `awaiting` (it needs you) or `decided` (someone decided it: the same
 * notification, replaced). The primary key makes each one once, whichever instance hears the
 * change and however often; `sent_at` stays null until the push service took it.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    subject: text("subject").notNull(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    userId: text("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [primaryKey({ columns: [t.subject, t.subscriptionId, t.kind] }), index("push_deliveries_unsent_idx").on(t.createdAt)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PasskeyRow = typeof authPasskey.$inferSelect;
