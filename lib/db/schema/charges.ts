import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Money coming in (lib/charges). One row per charge (cobrança), written with its audit row before
 * the provider is asked for the QR code or payment link; the state machine (lib/charges/states.ts)
 * moves it. The UNIQUE external_reference (our invoice number) makes the same charge asked twice
 * one charge. The cash position reads charges awaiting payment by `due_date` and paid ones by
 * `paid_at`: both are indexed.
 */
export const charges = pgTable(
  "charges",
  {
    id: text("id").primaryKey(),
    /** Our own reference (an invoice number), sent to the provider as `external_reference`. */
    externalReference: text("external_reference").notNull(),
    /** "qrcode" (POST /v1/pix/qrcodes) or "link" (POST /v1/pix/checkout). */
    kind: text("kind").notNull(),
    valueCents: bigint("value_cents", { mode: "number" }).notNull(),
    payerName: text("payer_name").notNull(),
    /** The payer's name as searched: lower case, no accents (lib/pix searchKey). */
    payerKey: text("payer_key").notNull(),
    /** CPF or CNPJ, digits (and the 2026 CNPJ's letters) only, check digits verified. */
    payerDocument: text("payer_document").notNull(),
    payerEmail: text("payer_email"),
    /** The language the payer was last e-mailed in ("pt-BR" or "en"); reminders use it, Portuguese when null. */
    payerLocale: text("payer_locale"),
    description: text("description"),
    /** The Brazil day it is due ("YYYY-MM-DD"); the provider's expiration_time ends with it. */
    dueDate: text("due_date").notNull(),
    /** The instant the provider stops accepting payment (the end of the due day, Brazil time). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    state: text("state").notNull(),
    referenceCode: text("reference_code"),
    /** The copia-e-cola BR Code (a QR code charge). */
    content: text("content"),
    paymentLink: text("payment_link"),
    /** The provider's reason when it refused the charge (state `error`). */
    errorReason: text("error_reason"),
    endToEnd: text("end_to_end"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paidValueCents: bigint("paid_value_cents", { mode: "number" }),
    paidByName: text("paid_by_name"),
    paidByDocument: text("paid_by_document"),
    paidByBank: text("paid_by_bank"),
    /** Why a person must look at it ("paid_after_withdrawal"), null when nothing is wrong. */
    attention: text("attention"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawnById: text("withdrawn_by_id"),
    withdrawnByEmail: text("withdrawn_by_email"),
    withdrawReason: text("withdraw_reason"),
    makerId: text("maker_id").notNull(),
    makerEmail: text("maker_email").notNull(),
    /** When the provider's record was last read (the reconciler). */
    providerCheckedAt: timestamp("provider_checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("charges_external_reference_idx").on(t.externalReference),
    uniqueIndex("charges_reference_code_idx").on(t.referenceCode),
    index("charges_state_due_idx").on(t.state, t.dueDate),
    index("charges_paid_at_idx").on(t.paidAt),
    index("charges_created_idx").on(t.createdAt),
    check("charges_state_check", sql`${t.state} in ('creating','awaiting_payment','paid','expired','error','withdrawn')`),
    check("charges_kind_check", sql`${t.kind} in ('qrcode','link')`),
    check("charges_value_check", sql`${t.valueCents} > 0`),
  ],
);
export type ChargeRow = typeof charges.$inferSelect;

/** Every state change of a charge: its timeline. Appended, never changed. */
export const chargeEvents = pgTable(
  "charge_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chargeId: text("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    /** null: the back office itself (a notification, the reconciler). */
    actorEmail: text("actor_email"),
    /** Message key + values for people (lib/i18n), never a sentence in one language. */
    note: jsonb("note").$type<Record<string, unknown>>(),
  },
  (t) => [index("charge_events_charge_idx").on(t.chargeId, t.id)],
);

/**
 * The reminders e-mailed to a charge's payer (lib/charges/reminders.ts): at most one of each kind
 * per charge, by the primary key. The row is written before the e-mail leaves (the claim that two
 * instances cannot both win) and removed again if the mail server refused it.
 */
export const chargeReminders = pgTable(
  "charge_reminders",
  {
    chargeId: text("charge_id")
      .notNull()
      .references(() => charges.id, { onDelete: "cascade" }),
    /** "before" (CHARGE_REMINDER_DAYS ahead) or "due_day". */
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chargeId, t.kind] }), check("charge_reminders_kind_check", sql`${t.kind} in ('before','due_day')`)],
);
