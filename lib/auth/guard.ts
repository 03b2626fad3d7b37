import "server-only";
import { headers as requestHeaders } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { getDb, getStore } from "@/lib/db";
import { jsonError } from "@/lib/http/errors";
import { WWW_AUTHENTICATE_MISSING } from "@/lib/http/problem";
import { getRequestContext } from "@/lib/http/request-context";
import { getAuth } from "./auth";
import { requestLocale, translator } from "@/lib/i18n/server";
import type { Locale } from "@/lib/i18n/config";
import { can, rolesFor, type Permission, type Role } from "./roles";
import { loginUrlFor, safeNextPath } from "./safe-next";
import { SECURITY_PAGE } from "./second-factor";
import { sessionFactsMemoFor } from "./session-facts-memo";
import { createSessionReader, type SessionUser } from "./session-user";

export type { SessionUser } from "./session-user";

/**
 * The one guard every page and route handler uses. No session: pages go to /login (and come
 * back afterwards), APIs answer 401 problem+json. Wrong role: APIs answer 403 problem+json, pages answer 403
 * with the "not allowed" card (forbidden(): next.config's authInterrupts). The session, its user's role and status are read from the store on every
 * request (session-user.ts; the embedded store keeps them in a memo that every write to them
 * drops, session-facts-memo.ts): a sign-out, a role change, a deactivation or a password reset
 * made on any instance applies on the next request. A deactivated user has no session. A user whose
 * role requires a second factor (second-factor.ts) and who has none yet may only set one up:
 * pages go to the security page, APIs answer 403.
 */

/** This process's reader: Better Auth and the store of this instance. */
const readSessionUser = createSessionReader({ auth: getAuth, db: getDb, facts: async () => sessionFactsMemoFor(await getStore()) });

/** The signed-in user of this request, or null. Defaults to the current request's headers. */
export async function getSessionUser(headers?: Headers): Promise<SessionUser | null> {
  return readSessionUser(headers ?? (await requestHeaders()));
}

/** "Your role (Support) may not create transfers", in the caller's language. */
function forbiddenMessage(role: Role, permission: Permission, locale: Locale): string {
  const t = translator(locale);
  return t("auth.forbidden", { role: t(`glossary.roles.${role}`), action: t(`auth.permissions.${permission}`) });
}

/** Route handlers: `const gate = await requireApiUser(req, "export"); if ("response" in gate) return gate.response;` */
export async function requireApiUser(
  request: Request,
  permission: Permission,
): Promise<{ user: SessionUser } | { response: Response }> {
  const user = await getSessionUser(request.headers);
  if (!user) {
    const t = translator(requestLocale(request));
    // A program learns from the challenge that a service account's token is the way in.
    return { response: jsonError(401, t("auth.signInRequired"), { kind: "unauthenticated" }, { "www-authenticate": WWW_AUTHENTICATE_MISSING }) };
  }
  const ctx = getRequestContext();
  if (ctx) ctx.userId = user.id;
  if (user.needsSecondFactor) {
    const t = translator(requestLocale(request));
    return { response: jsonError(403, t("auth.secondFactorRequired"), { kind: "second_factor_required" }) };
  }
  if (!can(user.role, permission)) {
    return { response: jsonError(403, forbiddenMessage(user.role, permission, requestLocale(request)), { kind: "forbidden", allowed_roles: rolesFor(permission) }) };
  }
  return { user };
}

/** The security page, set to come back to `currentPath` once a second factor is set up. */
function enrolmentUrl(currentPath: string): string {
  const next = safeNextPath(currentPath, "");
  return next && next !== "/" && next !== SECURITY_PAGE ? `${SECURITY_PAGE}?next=${encodeURIComponent(next)}` : SECURITY_PAGE;
}

/** Server components: `const user = await requirePageUser("audit", "/audit");` */
export async function requirePageUser(permission: Permission, currentPath: string): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) redirect(loginUrlFor(currentPath));
  if (user.needsSecondFactor) redirect(enrolmentUrl(currentPath));
  // 403 at the page's own address (app/(dashboard)/forbidden.tsx shows the not-allowed card).
  if (!can(user.role, permission)) forbidden();
  return user;
}
