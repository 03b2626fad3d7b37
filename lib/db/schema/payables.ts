import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Payables (lib/receivers, lib/transfers): saved receivers ("favorecidos"), the cost centres
 * admins keep, and recurring series of transfer requests.
 */
export const receivers = pgTable(
  "receivers",
  {
    id: text("id").primaryKey(),
    /** How people call it ("Aluguel sede", "Fornecedor Alfa"): unique among the active ones, case and accents aside. */
    nickname: text("nickname").notNull(),
    /** The nickname as compared (lib/pix searchKey). */
    nicknameKey: text("nickname_key").notNull(),
    name: text("name").notNull(),
    document: text("document").notNull(),
    initiationType: text("initiation_type").notNull(),
    pixKeyType: text("pix_key_type"),
    pixKey: text("pix_key"),
    bankIspb: text("bank_ispb"),
    agency: text("agency"),
    account: text("account"),
    accountType: text("account_type"),
    createdById: text("created_by_id").notNull(),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last change of where the money goes (key or bank account): the approver is told. */
    destinationChangedAt: timestamp("destination_changed_at", { withTimezone: true }),
    destinationChangedByEmail: text("destination_changed_by_email"),
    /** Deleted receivers are kept (transfers name them), hidden from lists and suggestions. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("receivers_nickname_idx").on(t.nicknameKey).where(sql`${t.deletedAt} is null`),
    index("receivers_document_idx").on(t.document),
    check("receivers_initiation_check", sql`${t.initiationType} in ('dict','manual')`),
  ],
);

export const costCentres = pgTable(
  "cost_centres",
  {
    id: text("id").primaryKey(),
    /** Short code as finance writes it ("ADM-01"); unique. */
    code: text("code").notNull(),
    name: text("name").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cost_centres_code_idx").on(t.code)],
);

/** A recurring series: each occurrence is its own transfer request (transfer_requests.series_id). */
export const transferSeries = pgTable(
  "transfer_series",
  {
    id: text("id").primaryKey(),
    every: text("every").notNull(),
    count: integer("count"),
    until: text("until"),
    firstDay: text("first_day").notNull(),
    makerId: text("maker_id").notNull(),
    makerEmail: text("maker_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    stoppedById: text("stopped_by_id"),
    stoppedByEmail: text("stopped_by_email"),
  },
  (t) => [check("transfer_series_every_check", sql`${t.every} in ('week','month')`)],
);

export type ReceiverRow = typeof receivers.$inferSelect;
export type CostCentreRow = typeof costCentres.$inferSelect;
export type TransferSeriesRow = typeof transferSeries.$inferSelect;
