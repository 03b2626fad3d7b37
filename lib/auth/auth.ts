import "server-only";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { twoFactor } from "better-auth/plugins";
import { passkey } from "@better-auth/passkey";
import { getEnv } from "@/lib/env";
import { getStore, type Db, type StoreHandle } from "@/lib/db";
import { betterAuthSchema } from "@/lib/db/schema/auth";
import { authPasskey } from "@/lib/db/schema/devices";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { createAuthDatabaseHooks } from "./auth-db-hooks";
import { createAuthHooks } from "./auth-hooks";
import { passkeyOptions } from "./passkeys";
import { DEFAULT_THROTTLE, type ThrottleConfig } from "./sign-in-throttle";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, SET_PASSWORD_PREFIX, storedLinkIdentifier } from "@/lib/db/users";

/**
 * Better Auth, configured for a staff back office:
 * - email + password only, its default scrypt hash; nobody signs up (accounts come from the
 *   users CLI or the sandbox demo accounts);
 * - sessions in the store (12 h, extended while in use), HttpOnly SameSite=Lax cookies, Secure
 *   whenever the app is served over https;
 * - rate limits kept in the store so they hold across instances: Better Auth's per-IP request
 *   limit, plus our failed-attempt limits per address and per (account, address), with growing
 *   waits (sign-in-throttle.ts). The address is the one the server saw: handleAuthRequest
 *   (auth-request.ts) stamps it in CLIENT_ADDRESS_HEADER, the only header Better Auth reads;
 * - `role` is a plain additional user field (input: false, so no endpoint can set it), like
 *   `locale` and `deactivatedAt` (changed by /api/me/locale and the admins' /api/users). We do not
 *   use the admin plugin: its roles are permission statements rather than our table, and it would
 *   open impersonation/ban/set-password endpoints we would then have to guard;
 * - a second factor with the two-factor plugin (TOTP apps and one-time backup codes, its default
 *   endpoints under /api/auth/two-factor/); who must enrol: second-factor.ts;
 * - passkeys (WebAuthn) with the passkey plugin, user verification required (passkeys.ts): they
 *   sign in, count as the second factor and answer step-ups;
 * - new accounts get a one-time set-password link (lib/db/users.ts writes the token Better Auth's
 *   /reset-password consumes; stored hashed, so a copy of the store holds no usable link).
 */
const SESSION_TTL_SECONDS = 12 * 60 * 60;
/** The name authenticator apps show next to the code. */
const TOTP_ISSUER = "Pix back office";
const SESSION_REFRESH_AFTER_SECONDS = 60 * 60;

export type CreateAuthOptions = {
  db: Db;
  secret: string;
  baseURL: string;
  /** Rate limits on (default) or off; on in every NODE_ENV, not only production. */
  rateLimit?: boolean;
  throttle?: ThrottleConfig;
  sessionTtlSeconds?: number;
  logLevel?: "debug" | "info" | "warn" | "error" | "silent";
};

/** Same host under its other loopback name, so http://127.0.0.1:3000 and localhost:3000 both work. */
function trustedOriginsFor(baseURL: string): string[] {
  const url = new URL(baseURL);
  const origins = new Set([url.origin]);
  if (url.hostname === "localhost" || url.hostname === "127.0.0.1") {
    for (const host of ["localhost", "127.0.0.1"]) {
      origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
    }
  }
  return [...origins];
}

export function createAuth(options: CreateAuthOptions) {
  const { db } = options;
  const hooks = createAuthHooks(db, options.throttle ?? DEFAULT_THROTTLE);
  const ttl = options.sessionTtlSeconds ?? SESSION_TTL_SECONDS;
  return betterAuth({
    appName: "Pix back office",
    baseURL: options.baseURL,
    secret: options.secret,
    trustedOrigins: trustedOriginsFor(options.baseURL),
    database: drizzleAdapter(db, { provider: "pg", schema: { ...betterAuthSchema, passkey: authPasskey } }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "viewer", input: false },
        locale: { type: "string", required: false, input: false },
        deactivatedAt: { type: "date", required: false, input: false },
      },
    },
    verification: { storeIdentifier: { default: "plain", overrides: { [SET_PASSWORD_PREFIX]: { hash: storedLinkIdentifier } } } },
    session: {
      expiresIn: ttl,
      updateAge: Math.min(SESSION_REFRESH_AFTER_SECONDS, Math.floor(ttl / 2)),
    },
    rateLimit: {
      enabled: options.rateLimit ?? true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: { "/sign-in/email": { window: 60, max: 30 } },
    },
    advanced: {
      useSecureCookies: options.baseURL.startsWith("https://"),
      cookiePrefix: "pix",
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 64 },
      // Better Auth relaxes these when NODE_ENV=test; keep them on so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    hooks: { before: hooks.before, after: hooks.after },
    databaseHooks: createAuthDatabaseHooks(db),
    telemetry: { enabled: false },
    logger:
      options.logLevel === "silent"
        ? { disabled: true }
        : { level: options.logLevel ?? "warn" },
    plugins: [
      twoFactor({ issuer: TOTP_ISSUER }),
      passkey(passkeyOptions(options.baseURL, trustedOriginsFor(options.baseURL))),
      // Must stay last: lets server actions set the session cookie through next/headers.
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const cache = new WeakMap<StoreHandle, Auth>();

/** The Better Auth instance of this process, bound to its store. */
export async function getAuth(): Promise<Auth> {
  const store = await getStore();
  let auth = cache.get(store);
  if (!auth) {
    const env = getEnv();
    auth = createAuth({
      db: store.db,
      secret: env.authSecret,
      baseURL: env.appUrl,
      logLevel: env.logLevel,
    });
    cache.set(store, auth);
  }
  return auth;
}
