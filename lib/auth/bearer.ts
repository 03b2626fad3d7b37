import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { getDb } from "@/lib/db";
import { jsonError } from "@/lib/http/errors";
import { WWW_AUTHENTICATE } from "@/lib/http/problem";
import { rateLimitedHeaders, type RateState } from "@/lib/http/rate-limit-headers";
import { requestLocale, translator } from "@/lib/i18n/server";
import { serviceAccountLabel } from "@/lib/service-accounts/ids";
import { authenticateToken } from "@/lib/service-accounts/service";
import { can, rolesFor, type Permission } from "./roles";
import type { SessionUser } from "./session-user";

/**
 * `Authorization: Bearer pixbo_…` on an /api route declared with route(): a service account's
 * token instead of a session. It may call what its role allows, never one's own account
 * (/api/me/*), user or admin-change administration; it may read the API reference whatever its
 * role. A request with both a session cookie and a token is refused (400): which one acts would
 * be a guess. Unknown, revoked and expired tokens get the same 401; past its rate, 429.
 */
const NEVER_FOR_TOKENS: ReadonlySet<Permission> = new Set(["account", "users", "pendingChanges"]);
const OPEN_TO_EVERY_TOKEN: ReadonlySet<Permission> = new Set(["apiDocs"]);

/** The bearer token of a request, or undefined when it sends none (a Basic or other scheme is none). */
export function bearerTokenOf(request: Request): string | undefined {
  const header = request.headers.get("authorization");
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** `rate`: what is left of the token's minute, sent back as RateLimit headers on its answer. */
export type ServiceCaller = { user: SessionUser; tokenId: string; rate: RateState };

export async function requireServiceAccount(request: Request, token: string, permission: Permission): Promise<{ caller: ServiceCaller } | { response: Response }> {
  const t = translator(requestLocale(request));
  if (getSessionCookie(request.headers, { cookiePrefix: "pix" })) {
    return { response: jsonError(400, t("errors.bearer.both"), { kind: "validation" }) };
  }
  if (NEVER_FOR_TOKENS.has(permission)) {
    return { response: jsonError(403, t("errors.bearer.notForTokens"), { kind: "forbidden" }) };
  }
  const verdict = await authenticateToken(await getDb(), token);
  if (!verdict.ok && verdict.reason === "rate_limited") {
    return { response: jsonError(429, t("errors.bearer.rateLimited", { seconds: verdict.retryAfterSeconds }), { kind: "rate_limited" }, rateLimitedHeaders(verdict.rate)) };
  }
  if (!verdict.ok) {
    return { response: jsonError(401, t("errors.bearer.invalid"), { kind: "unauthenticated" }, { "www-authenticate": WWW_AUTHENTICATE }) };
  }
  const { account } = verdict;
  if (!OPEN_TO_EVERY_TOKEN.has(permission) && !can(account.role, permission)) {
    const message = t("auth.forbidden", { role: t(`glossary.roles.${account.role}`), action: t(`auth.permissions.${permission}`) });
    return { response: jsonError(403, message, { kind: "forbidden", allowed_roles: rolesFor(permission) }) };
  }
  const user: SessionUser = {
    id: account.id,
    email: serviceAccountLabel(account.name),
    name: account.name,
    role: account.role,
    twoFactorEnabled: false,
    needsSecondFactor: false,
    sessionId: `token:${verdict.tokenId}`,
    verifiedAt: new Date(),
    serviceAccount: true,
  };
  return { caller: { user, tokenId: verdict.tokenId, rate: verdict.rate } };
}
