import "server-only";
import { codeErrorMessage } from "./sign-in-words";
import type { ProblemKind } from "@/lib/domain/errors";
import { messageForStatus } from "@/lib/domain/api-client";
import { routeT } from "@/lib/http/errors";
import { kindForStatus, PROBLEM_MEDIA_TYPE, problemBody } from "@/lib/http/problem";
import { getRequestContext } from "@/lib/http/request-context";
import { currentLocale } from "@/lib/http/request-locale";

/**
 * Better Auth answers its own errors (`{ code, message }`, or no body at all); /api/auth/* passes
 * each through here so they are problems like every other answer of our API: `kind`, `error` in
 * the caller's language, `request_id`, `application/problem+json`. Its `code` and `message` stay
 * as they were (its browser client and our sign-in form read them), headers and cookies too.
 */

/** Codes our own hooks throw (lib/auth/auth-hooks.ts), their message already in the caller's language. */
const OUR_CODES: Readonly<Record<string, ProblemKind>> = {
  AUDIT_UNAVAILABLE: "audit_unavailable",
  STEP_UP_REQUIRED: "step_up_required",
  ACCOUNT_DEACTIVATED: "forbidden",
  PASSKEY_REQUIRED: "forbidden",
  INVALID_EMAIL_OR_PASSWORD: "unauthenticated",
  TOO_MANY_ATTEMPTS: "rate_limited",
};

export async function authProblem(response: Response, pathname: string): Promise<Response> {
  if (response.status < 400) return response;
  const status = response.status;
  const sent = await readJsonObject(response);
  const code = typeof sent.code === "string" ? sent.code : undefined;
  const message = typeof sent.message === "string" ? sent.message : undefined;
  const ours = code !== undefined && Object.hasOwn(OUR_CODES, code) ? OUR_CODES[code] : undefined;
  const kind = ours ?? kindForStatus(status);
  const error = ours && message ? message : wordsFor(status, code, pathname);
  const requestId = getRequestContext()?.requestId ?? crypto.randomUUID();
  const problem = {
    ...problemBody(status, kind, error, requestId),
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    ...(typeof sent.retryAfter === "number" ? { retryAfter: sent.retryAfter } : {}),
  };
  const headers = new Headers(response.headers);
  headers.set("content-type", PROBLEM_MEDIA_TYPE);
  headers.delete("content-length");
  headers.set("cache-control", "no-store");
  if (status === 429) {
    // Better Auth's own limiter says X-Retry-After; our throttle says Retry-After.
    const wait = headers.get("retry-after") ?? headers.get("x-retry-after");
    if (wait && /^\d+$/.test(wait)) {
      headers.set("retry-after", wait);
      headers.set("ratelimit", `"sign-in";r=0;t=${wait}`);
    }
  }
  if (status === 401 && !headers.has("www-authenticate")) headers.set("www-authenticate", 'Bearer realm="api"');
  return new Response(JSON.stringify(problem), { status, statusText: response.statusText, headers });
}

/** The sign-in form's words for a sign-in or code step failure; the API's words for the rest. */
function wordsFor(status: number, code: string | undefined, pathname: string): string {
  if (/\/(sign-in|two-factor)\//.test(pathname)) {
    const t = routeT();
    const auth = (key: string, values?: Record<string, string | number>) => t(`auth.${key}` as Parameters<typeof t>[0], values);
    return codeErrorMessage({ status, code }, auth).message;
  }
  return messageForStatus(status, currentLocale());
}

async function readJsonObject(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text().catch(() => "");
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
