import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Better Auth's tables (user, session, account, verification, rate limit), written by hand in
 * the shape its Drizzle adapter expects: the JS property names are Better Auth's field names,
 * the SQL names are ours. `role` is the one additional user field (see lib/auth/auth.ts).
 */
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const authUser = pgTable("auth_user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  // One of ROLES (lib/auth/roles.ts); the least privileged role by default.
  role: text("role").notNull().default("viewer"),
  // Better Auth's two-factor plugin: true once the user confirmed an authenticator app.
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  // The user's language ("pt-BR" | "en"); null = not chosen (pt-BR).
  locale: text("locale"),
  // A deactivated user can neither sign in nor use an existing session.
  deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
  /**
   * The last instant the account left a money role (operator, approver, admin). Its credentials
   * stay a two-admin matter for 30 days after (lib/admin-changes/rules.ts), whatever its role now.
   */
  moneyRoleUntil: timestamp("money_role_until", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const authSession = pgTable(
  "auth_session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_session_user_id_idx").on(t.userId)],
);

export const authAccount = pgTable(
  "auth_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    // Better Auth's scrypt hash of the password (credential accounts only).
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_account_user_id_idx").on(t.userId)],
);

export const authVerification = pgTable(
  "auth_verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("auth_verification_identifier_idx").on(t.identifier)],
);

/**
 * Better Auth's per-IP request counters (rateLimit.storage = "database"). Exported although only
 * betterAuthSchema uses it: drizzle-kit sees exported tables only, and would drop this one.
 */
export const authRateLimit = pgTable("auth_rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Streaks of failed sign-ins per address ("ip:<address>") and per account at an address
 * ("ip-email:<address>|<email>"), never per account alone (that would let anyone lock a colleague
 * out). `window_started_at` is the last failure's time. Kept in the store so the limit holds across
 * every instance (lib/auth/sign-in-throttle.ts).
 */
export const authSignInFailure = pgTable("auth_sign_in_failure", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/** Better Auth's two-factor plugin: the TOTP secret and backup codes (both encrypted by it). */
export const authTwoFactor = pgTable(
  "auth_two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUser.id, { onDelete: "cascade" }),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("auth_two_factor_user_id_idx").on(t.userId), index("auth_two_factor_secret_idx").on(t.secret)],
);

/** The tables under the model names Better Auth's Drizzle adapter looks up. */
export const betterAuthSchema = {
  user: authUser,
  session: authSession,
  account: authAccount,
  verification: authVerification,
  rateLimit: authRateLimit,
  twoFactor: authTwoFactor,
};

/**
 * The last time a session's owner typed their password or code again (step-up before moving
 * money, lib/auth/step-up.ts), and how many wrong tries since: too many end the session. One
 * row per session, gone with it.
 */
export const sessionStepUps = pgTable("session_step_ups", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => authSession.id, { onDelete: "cascade" }),
  verifiedAt: timestamp("verified_at", { withTimezone: true }),
  failures: integer("failures").notNull().default(0),
});
