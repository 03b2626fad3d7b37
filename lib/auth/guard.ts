import "server-only";
import { headers as requestHeaders } from "next/headers";
import { redirect } from "next/navigation";
import { getSessionCookie } from "better-auth/cookies";
import { getRequestContext } from "@/lib/http/request-context";
import { getAuth } from "./auth";
import { requestLocale, translator } from "@/lib/i18n/server";
import type { Locale } from "@/lib/i18n/config";
import { can, isRole, rolesFor, type Permission, type Role } from "./roles";
import { loginUrlFor, safeNextPath } from "./safe-next";
import { secondFactorRequired, SECURITY_PAGE } from "./second-factor";
import { memoSession } from "./session-cache";

/**
 * The one guard every page and route handler uses. No session: pages go to /login (and come
 * back afterwards), APIs answer 401 JSON. Wrong role: APIs answer 403 JSON, pages show the
 * "not allowed" page. The session is looked up in the store and memoised for a few seconds
 * (session-cache.ts): a sign-out here takes effect at once, a role change within seconds.
 * A deactivated user has no session. A user whose role requires a second factor (second-factor.ts)
 * and who has none yet may only set one up: pages go to the security page, APIs answer 403.
 */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  twoFactorEnabled: boolean;
  /** The role requires a second factor and the user has not set one up yet. */
  needsSecondFactor: boolean;
};

const NO_STORE = { "cache-control": "no-store" } as const;

/** The signed-in user of this request, or null. Defaults to the current request's headers. */
export async function getSessionUser(headers?: Headers): Promise<SessionUser | null> {
  const source = headers ?? (await requestHeaders());
  const token = getSessionCookie(source, { cookiePrefix: "pix" });
  if (!token) return null;
  return memoSession(token, () => lookupSessionUser(source));
}

async function lookupSessionUser(source: Headers): Promise<SessionUser | null> {
  const auth = await getAuth();
  const session = await auth.api.getSession({ headers: source });
  if (!session) return null;
  const { user } = session;
  // A role the code does not know grants nothing; a deactivated account nothing either.
  if (!isRole(user.role) || user.deactivatedAt) return null;
  const twoFactorEnabled = Boolean(user.twoFactorEnabled);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    twoFactorEnabled,
    needsSecondFactor: !twoFactorEnabled && secondFactorRequired(user.role),
  };
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
    return { response: Response.json({ error: t("auth.signInRequired") }, { status: 401, headers: NO_STORE }) };
  }
  const ctx = getRequestContext();
  if (ctx) ctx.userId = user.id;
  if (user.needsSecondFactor) {
    const t = translator(requestLocale(request));
    return { response: Response.json({ error: t("auth.secondFactorRequired"), kind: "second_factor_required" }, { status: 403, headers: NO_STORE }) };
  }
  if (!can(user.role, permission)) {
    return {
      response: Response.json(
        { error: forbiddenMessage(user.role, permission, requestLocale(request)), allowed_roles: rolesFor(permission) },
        { status: 403, headers: NO_STORE },
      ),
    };
  }
  return { user };
}

/** The "not allowed" page for a permission, remembering where the user tried to go. */
function notAllowedUrl(permission: Permission, currentPath: string): string {
  const from = safeNextPath(currentPath, "");
  const query = new URLSearchParams({ permission });
  if (from) query.set("from", from);
  return `/login/not-allowed?${query.toString()}`;
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
  if (!can(user.role, permission)) redirect(notAllowedUrl(permission, currentPath));
  return user;
}
