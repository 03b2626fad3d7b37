import "server-only";
import { APIError, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";
import type { BetterAuthOptions } from "better-auth";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { authUser } from "@/lib/db/schema/auth";
import { getSessionCookie } from "better-auth/cookies";
import { stampedClientAddress } from "./auth-request";
import { forgetSession } from "./session-cache";
import {
  checkSignInThrottle,
  clearSignInFailures,
  recordSignInFailure,
  type ThrottleConfig,
} from "./sign-in-throttle";

/** The one answer to a wrong password AND to an unknown email: it must not tell them apart. */
export const SIGN_IN_FAILED_MESSAGE = "Email or password is incorrect";
export const SIGN_IN_THROTTLED_MESSAGE =
  "Too many failed sign-in attempts. Wait a minute and try again.";

const SIGN_IN_PATH = "/sign-in/email";

type HookContext = {
  path?: string;
  body?: unknown;
  request?: Request;
  headers?: Headers;
  context: { options: BetterAuthOptions };
};

/**
 * The client address as the limiter keys it: the address the server saw (stamped by
 * handleAuthRequest, the one header Better Auth reads), in Better Auth's normalisation, which
 * collapses an IPv6 address to its /64 so rotating addresses inside one network does not reset
 * the count.
 */
function throttleIp(ctx: HookContext): string {
  const source = ctx.request ?? ctx.headers;
  if (!source) return "unknown";
  return getIP(source, ctx.context.options) ?? "unknown";
}

/** The client address as recorded in the audit log: the address the server saw, unmasked. */
export function auditIp(source: Request | Headers | undefined): string | null {
  return stampedClientAddress(source);
}

function attemptedEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
}

/**
 * Request hooks: refuse sign-in for a throttled (IP, email), count failures, audit every
 * sign-in and failed sign-in, and replace Better Auth's error text with our generic one.
 */
export function createAuthHooks(db: Db, throttle: ThrottleConfig) {
  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== SIGN_IN_PATH) return;
    const email = attemptedEmail(ctx.body);
    const verdict = await checkSignInThrottle(db, throttleIp(ctx), email, throttle);
    if (!verdict.throttled) return;
    await recordAudit(
      {
        action: "auth.sign_in_failed",
        target: email || null,
        outcome: "throttled",
        detail: { email },
        ip: auditIp(ctx.request ?? ctx.headers),
      },
      db,
    );
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { code: "TOO_MANY_ATTEMPTS", message: SIGN_IN_THROTTLED_MESSAGE, retryAfter: verdict.retryAfterSeconds },
      { "Retry-After": String(verdict.retryAfterSeconds) },
    );
  });

  const after = createAuthMiddleware(async (ctx) => {
    if (ctx.path === "/sign-out") {
      // The guard memoises sessions by their signed cookie value: forget exactly that value.
      const source = ctx.request?.headers ?? ctx.headers;
      const cookie = source ? getSessionCookie(source, { cookiePrefix: "pix" }) : null;
      if (cookie) forgetSession(cookie);
      return;
    }
    if (ctx.path !== SIGN_IN_PATH) return;
    const email = attemptedEmail(ctx.body);
    const ip = throttleIp(ctx);
    const address = auditIp(ctx.request ?? ctx.headers);
    const returned: unknown = ctx.context.returned;
    const signedIn = ctx.context.newSession;
    if (signedIn && !isAPIError(returned)) {
      await clearSignInFailures(db, ip, email, throttle);
      await recordAudit(
        {
          actor: { id: signedIn.user.id, email: signedIn.user.email },
          action: "auth.sign_in",
          target: signedIn.user.email,
          outcome: "success",
          ip: address,
        },
        db,
      );
      return;
    }
    if (!isAPIError(returned)) return;
    await recordSignInFailure(db, ip, email, throttle);
    const status = returned.statusCode;
    await recordAudit(
      {
        action: "auth.sign_in_failed",
        target: email || null,
        outcome: status === 401 ? "invalid_credentials" : `error_${status}`,
        detail: { email },
        ip: address,
      },
      db,
    );
    if (status === 401) {
      throw new APIError("UNAUTHORIZED", {
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: SIGN_IN_FAILED_MESSAGE,
      });
    }
  });

  return { before, after };
}

/** Database hooks: a session deleted by /sign-out is a sign-out. */
export function createAuthDatabaseHooks(db: Db): NonNullable<BetterAuthOptions["databaseHooks"]> {
  return {
    session: {
      delete: {
        after: async (session, context) => {
          forgetSession(session.token);
          if (context?.path !== "/sign-out") return;
          const rows = await db
            .select({ id: authUser.id, email: authUser.email })
            .from(authUser)
            .where(eq(authUser.id, session.userId))
            .catch(() => []);
          const user = rows[0];
          await recordAudit(
            {
              actor: user ?? null,
              action: "auth.sign_out",
              target: user?.email ?? null,
              outcome: "success",
              ip: auditIp(context.request ?? context.headers),
            },
            db,
          );
        },
      },
    },
  };
}
