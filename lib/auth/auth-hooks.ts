import "server-only";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { recordAudit, isAuditUnavailableError, type AuditAction, type AuditEntryInput } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { SET_PASSWORD_PREFIX } from "@/lib/db/users";
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, localeCookieOptions } from "@/lib/i18n/config";
import { requestLocale, translator } from "@/lib/i18n/server";
import { stampedClientAddress } from "./auth-request";
import { checkSignInThrottle, clearSignInFailures, recordSignInFailure, type ThrottleConfig } from "./sign-in-throttle";
import { logLine } from "@/lib/http/logger";
import { stepUpMinutes } from "./step-up";
import { PASSKEY_CHANGE_PATHS, PASSKEY_SIGN_IN_PATH, passkeyChangeNeedsStepUp, passkeyInsteadOfPassword } from "./passkey-guards";

const SIGN_IN_PATH = "/sign-in/email";
const VERIFY_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
type Person = { id: string; email: string };
type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Changes audited before they happen (an attempt: no row, no change) and after (the outcome):
 * turning a second factor off, renewing backup codes, setting a password from a one-time link.
 */
const GUARDED_CHANGES: Record<string, { action: AuditAction; who: (ctx: HookCtx) => Promise<Person | null> }> = {
  "/two-factor/disable": { action: "auth.two_factor_disable", who: sessionPerson },
  "/two-factor/generate-backup-codes": { action: "auth.two_factor_new_backup_codes", who: sessionPerson },
  "/reset-password": { action: "user.password_set", who: linkPerson },
  "/passkey/verify-registration": { action: "auth.passkey_add", who: sessionPerson },
  "/passkey/delete-passkey": { action: "auth.passkey_remove", who: sessionPerson },
};
const guarded = new WeakMap<object, Person>();

async function sessionPerson(ctx: HookCtx): Promise<Person | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  return session ? { id: session.user.id, email: session.user.email } : null;
}

/** The owner of a set-password token (Better Auth's reset-password identifier). */
async function linkPerson(ctx: HookCtx): Promise<Person | null> {
  const body = (ctx.body ?? {}) as { token?: unknown };
  const query = (ctx.query ?? {}) as { token?: unknown };
  const token = typeof body.token === "string" ? body.token : typeof query.token === "string" ? query.token : null;
  if (!token) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(`${SET_PASSWORD_PREFIX}${token}`);
  const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
  return user ? { id: user.id, email: user.email } : null;
}

type SignedIn = { session: { token: string }; user: { id: string; email: string; twoFactorEnabled?: boolean | null; locale?: string | null } };

/** What the before hook learnt about a two-factor verification, for the after hook (same context object). */
const verifying = new WeakMap<object, { signingIn: boolean; user: { id: string; email: string } | null }>();

/** The client address as the limiter keys it: Better Auth's reading of the stamped address (IPv6 by /64). */
function throttleIp(ctx: HookCtx): string {
  const source = ctx.request ?? ctx.headers;
  if (!source) return "unknown";
  return getIP(source, ctx.context.options) ?? "unknown";
}

/** The client address as recorded in the audit log: the address the server saw, unmasked. */
function auditIp(source: Request | Headers | undefined): string | null {
  return stampedClientAddress(source);
}

function attemptedEmail(body: unknown): string {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.trim().toLowerCase().slice(0, 320) : "";
}

function t(ctx: HookCtx) {
  return translator(ctx.request ? requestLocale(ctx.request) : DEFAULT_LOCALE);
}

function waitText(ctx: HookCtx, seconds: number): string {
  const tr = t(ctx);
  return seconds < 120 ? tr("auth.signIn.seconds", { count: seconds }) : tr("auth.signIn.minutes", { count: Math.ceil(seconds / 60) });
}

/** The audit row, or a 503 and no action: a new session is ended before the answer goes out. */
async function auditOrRefuse(ctx: HookCtx, db: Db, entry: AuditEntryInput, created?: SignedIn | null): Promise<void> {
  try {
    await recordAudit(entry, db);
  } catch (error) {
    if (!isAuditUnavailableError(error)) throw error;
    if (created) {
      await ctx.context.internalAdapter.deleteSession(created.session.token);
      ctx.context.setNewSession(null);
      deleteSessionCookie(ctx);
    }
    throw new APIError("SERVICE_UNAVAILABLE", { code: "AUDIT_UNAVAILABLE", message: t(ctx)("errors.auditUnavailable") });
  }
}

/** The user's language follows them to every browser they sign in on. */
function setLocaleCookie(ctx: HookCtx, user: SignedIn["user"]): void {
  if (!isLocale(user.locale)) return;
  ctx.setCookie(LOCALE_COOKIE, user.locale, localeCookieOptions(ctx.context.options.advanced?.useSecureCookies ?? false));
}

/**
 * Request hooks:
 * - sign-in: refuse a throttled address or (account, address) with 429 and Retry-After; count
 *   failures; audit every outcome, fail closed (no audit row, no session: 503); one generic
 *   message for a wrong password and an unknown email, in the caller's language; the user's
 *   language as the NEXT_LOCALE cookie once they are in;
 * - second factor: a trusted-device cookie is never granted (once enrolled, the password alone
 *   opens nothing, on any browser); the code step of a sign-in and a first enrolment are audited,
 *   fail closed; turning it off or renewing backup codes is audited before and after.
 * These run before the two-factor plugin's own after hook, which turns a password sign-in of an
 * enrolled user into a code challenge.
 */
export function createAuthHooks(db: Db, throttle: ThrottleConfig) {
  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path === SIGN_IN_PATH) return beforeSignIn(ctx, db, throttle);
    if (VERIFY_PATHS.has(ctx.path)) {
      const session = await getSessionFromCtx(ctx).catch(() => null);
      verifying.set(ctx.context, { signingIn: !session, user: session ? session.user : await challengedUser(ctx) });
      const body = (ctx.body ?? {}) as Record<string, unknown>;
      return { context: { body: { ...body, trustDevice: false } } };
    }
    if (PASSKEY_CHANGE_PATHS.has(ctx.path)) {
      const session = await getSessionFromCtx(ctx).catch(() => null);
      if (session && (await passkeyChangeNeedsStepUp(db, session.session.id))) {
        throw new APIError("FORBIDDEN", { code: "STEP_UP_REQUIRED", message: t(ctx)("auth.stepUp.required", { minutes: stepUpMinutes() }) });
      }
    }
    const change = GUARDED_CHANGES[ctx.path];
    if (change) {
      const person = await change.who(ctx);
      if (!person) return;
      guarded.set(ctx.context, person);
      await auditOrRefuse(ctx, db, { actor: person, action: change.action, target: person.email, outcome: "attempt", ip: auditIp(ctx.request ?? ctx.headers) });
    }
  });

  const after = createAuthMiddleware(async (ctx) => {
    // A sign-out needs nothing here: the guard reads the session row on every request (session-user.ts).
    if (ctx.path === "/sign-out") return;
    if (ctx.path === SIGN_IN_PATH) return afterSignIn(ctx, db, throttle);
    if (ctx.path === PASSKEY_SIGN_IN_PATH) return afterPasskeySignIn(ctx, db);
    if (VERIFY_PATHS.has(ctx.path)) return afterVerify(ctx, db);
    const change = GUARDED_CHANGES[ctx.path];
    const person = guarded.get(ctx.context);
    if (change && person) {
      const { action } = change;
      const outcome = isAPIError(ctx.context.returned) ? "refused" : "success";
      await recordAudit({ actor: person, action, target: person.email, outcome, ip: auditIp(ctx.request ?? ctx.headers) }, db).catch((error: unknown) =>
        logLine("error", `audit: ${action} outcome not recorded (its attempt was)`, { error }),
      );
    }
  });

  return { before, after };
}

async function beforeSignIn(ctx: HookCtx, db: Db, throttle: ThrottleConfig) {
  const email = attemptedEmail(ctx.body);
  const verdict = await checkSignInThrottle(db, throttleIp(ctx), email, throttle);
  if (!verdict.throttled) return;
  await auditOrRefuse(ctx, db, {
    action: "auth.sign_in_failed",
    target: email || null,
    outcome: "throttled",
    detail: { email, retry_after_s: verdict.retryAfterSeconds },
    ip: auditIp(ctx.request ?? ctx.headers),
  });
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { code: "TOO_MANY_ATTEMPTS", message: t(ctx)("auth.signIn.throttledFor", { wait: waitText(ctx, verdict.retryAfterSeconds) }), retryAfter: verdict.retryAfterSeconds },
    { "Retry-After": String(verdict.retryAfterSeconds) },
  );
}

async function afterSignIn(ctx: HookCtx, db: Db, throttle: ThrottleConfig) {
  const email = attemptedEmail(ctx.body);
  const ip = throttleIp(ctx);
  const address = auditIp(ctx.request ?? ctx.headers);
  const returned: unknown = ctx.context.returned;
  const signedIn = ctx.context.newSession as SignedIn | null;
  if (signedIn && !isAPIError(returned)) {
    await clearSignInFailures(db, ip, email, throttle);
    const actor = { id: signedIn.user.id, email: signedIn.user.email };
    if (signedIn.user.twoFactorEnabled) {
      // The password was right; the two-factor plugin (next) ends this session and asks for a code.
      await auditOrRefuse(ctx, db, { actor, action: "auth.sign_in", target: actor.email, outcome: "code_required", ip: address }, signedIn);
      return;
    }
    if (await passkeyInsteadOfPassword(db, signedIn.user)) {
      // A passkey is this account's second factor: the password alone opens nothing.
      await auditOrRefuse(ctx, db, { actor, action: "auth.sign_in", target: actor.email, outcome: "passkey_required", ip: address }, signedIn);
      await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
      ctx.context.setNewSession(null);
      deleteSessionCookie(ctx);
      throw new APIError("FORBIDDEN", { code: "PASSKEY_REQUIRED", message: t(ctx)("auth.signIn.usePasskey") });
    }
    await auditOrRefuse(ctx, db, { actor, action: "auth.sign_in", target: actor.email, outcome: "success", detail: { method: "password" }, ip: address }, signedIn);
    setLocaleCookie(ctx, signedIn.user);
    return;
  }
  if (!isAPIError(returned)) return;
  const status = returned.statusCode;
  const deactivated = (returned.body as { code?: string } | undefined)?.code === "ACCOUNT_DEACTIVATED";
  await recordSignInFailure(db, ip, email, throttle);
  await auditOrRefuse(ctx, db, {
    action: "auth.sign_in_failed",
    target: email || null,
    outcome: deactivated ? "deactivated" : status === 401 ? "invalid_credentials" : `error_${status}`,
    detail: { email },
    ip: address,
  });
  if (deactivated) throw new APIError("FORBIDDEN", { code: "ACCOUNT_DEACTIVATED", message: t(ctx)("auth.signIn.deactivated") });
  if (status === 401) throw new APIError("UNAUTHORIZED", { code: "INVALID_EMAIL_OR_PASSWORD", message: t(ctx)("auth.signIn.failed") });
}

/** A passkey sign-in (Better Auth's passkey plugin made the session): audited like a password one, fail closed. */
async function afterPasskeySignIn(ctx: HookCtx, db: Db) {
  const address = auditIp(ctx.request ?? ctx.headers);
  const signedIn = ctx.context.newSession as SignedIn | null;
  if (signedIn && !isAPIError(ctx.context.returned)) {
    const actor = { id: signedIn.user.id, email: signedIn.user.email };
    await auditOrRefuse(ctx, db, { actor, action: "auth.sign_in", target: actor.email, outcome: "success", detail: { method: "passkey" }, ip: address }, signedIn);
    setLocaleCookie(ctx, signedIn.user);
    return;
  }
  const returned: unknown = ctx.context.returned;
  if (!isAPIError(returned)) return;
  await auditOrRefuse(ctx, db, { action: "auth.sign_in_failed", target: null, outcome: "passkey_refused", detail: { code: (returned.body as { code?: string } | undefined)?.code ?? null }, ip: address });
}

/** The user a sign-in's code step is for: the two-factor cookie names a verification holding their id. */
async function challengedUser(ctx: HookCtx): Promise<{ id: string; email: string } | null> {
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  if (!verification) return null;
  const user = await ctx.context.internalAdapter.findUserById(verification.value);
  return user ? { id: user.id, email: user.email } : null;
}

async function afterVerify(ctx: HookCtx, db: Db) {
  const seen = verifying.get(ctx.context);
  const returned: unknown = ctx.context.returned;
  const created = ctx.context.newSession as SignedIn | null;
  const method = ctx.path.endsWith("backup-code") ? "backup_code" : "totp";
  const address = auditIp(ctx.request ?? ctx.headers);
  if (seen?.signingIn) {
    if (created && !isAPIError(returned)) {
      const actor = { id: created.user.id, email: created.user.email };
      await auditOrRefuse(ctx, db, { actor, action: "auth.sign_in", target: actor.email, outcome: "success", detail: { method }, ip: address }, created);
      setLocaleCookie(ctx, created.user);
      return;
    }
    if (isAPIError(returned)) {
      const code = (returned.body as { code?: string } | undefined)?.code ?? `error_${returned.statusCode}`;
      await auditOrRefuse(ctx, db, { action: "auth.sign_in_failed", target: seen.user?.email ?? null, outcome: code.toLowerCase(), detail: { method }, ip: address });
    }
    return;
  }
  // With a session: the first code confirms an enrolment (the plugin then turns the factor on and
  // rotates the session). Without its audit row, the factor is turned off again.
  if (!created || isAPIError(returned) || !seen?.user) return;
  const actor = seen.user;
  try {
    await recordAudit({ actor, action: "auth.two_factor_enable", target: actor.email, outcome: "success", detail: { method }, ip: address }, db);
  } catch (error) {
    if (!isAuditUnavailableError(error)) throw error;
    await ctx.context.internalAdapter.updateUser(actor.id, { twoFactorEnabled: false });
    await ctx.context.adapter.deleteMany({ model: "twoFactor", where: [{ field: "userId", value: actor.id }] });
    throw new APIError("SERVICE_UNAVAILABLE", { code: "AUDIT_UNAVAILABLE", message: t(ctx)("errors.auditUnavailable") });
  }
}
