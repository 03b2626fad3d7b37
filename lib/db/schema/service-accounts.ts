import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Service accounts: a program (the company's ERP, its payroll) that calls the API with a token
 * instead of a person's session (lib/service-accounts). Its role is one of viewer, support or
 * operator; never approver or admin.
 */
export const serviceAccounts = pgTable("service_accounts", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  createdById: text("created_by_id").notNull(),
  createdByEmail: text("created_by_email").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Its tokens: only the SHA-256 of each is kept (the value is shown once); `prefix` is its first
 * characters, for people to tell tokens apart. Requests are counted per token and per minute
 * here, in the store, so every instance sees the same count.
 */
export const serviceTokens = pgTable(
  "service_tokens",
  {
    id: text("id").primaryKey(),
    serviceAccountId: text("service_account_id")
      .notNull()
      .references(() => serviceAccounts.id),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdById: text("created_by_id").notNull(),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedByEmail: text("revoked_by_email"),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** Requests allowed per minute. */
    ratePerMinute: integer("rate_per_minute").notNull(),
    /** The current minute's window: when it started and how many requests it counted. */
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }),
    windowCount: integer("window_count").notNull().default(0),
  },
  (t) => [uniqueIndex("service_tokens_hash_idx").on(t.tokenHash), index("service_tokens_account_idx").on(t.serviceAccountId)],
);

/**
 * The people who could act through a service account: whoever asked for, confirmed (and so was
 * shown) or issued any of its token values. Each of them counts as a maker of what the account
 * makes (lib/transfers/server/who-decides.ts): none may approve it. Appended when a token is issued, never changed.
 */
export const credentialHolders = pgTable(
  "credential_holders",
  {
    id: text("id").primaryKey(),
    serviceAccountId: text("service_account_id")
      .notNull()
      .references(() => serviceAccounts.id),
    tokenId: text("token_id"),
    personId: text("person_id").notNull(),
    personEmail: text("person_email").notNull(),
    /** "asked" (requested the token), "confirmed" (the second admin, shown its value), "issued" (issued at once, shown its value). */
    how: text("how").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credential_holders_account_idx").on(t.serviceAccountId), index("credential_holders_person_idx").on(t.personId)],
);

export type ServiceAccountRow = typeof serviceAccounts.$inferSelect;
export type ServiceTokenRow = typeof serviceTokens.$inferSelect;
