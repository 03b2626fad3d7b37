import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every comprovante's authentication code as it was issued (lib/receipts/authentication.ts): the
 * code is an HMAC of the comprovante's content with a key of this server, so nobody outside can
 * make one; the row is what the public check (GET /api/receipts/verify) answers with, and only
 * those three facts are kept: the end_to_end, the amount and the payment's instant.
 */
export const receiptAuthentications = pgTable("receipt_authentications", {
  code: text("code").primaryKey(),
  endToEnd: text("end_to_end").notNull(),
  valueCents: bigint("value_cents", { mode: "number" }).notNull(),
  paymentDate: timestamp("payment_date", { withTimezone: true }).notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Requests per client address and route in a one-minute window (lib/http/public-rate-limit.ts):
 * routes open to anyone count their callers here, so the limit holds across every instance.
 */
export const publicRateLimits = pgTable("public_rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});
