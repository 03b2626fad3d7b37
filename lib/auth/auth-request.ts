import "server-only";
import { CLIENT_ADDRESS_HEADER, clientAddress, isHttpsRequest, withClientAddressHeader } from "@/lib/http/client-address";
import { AUTH_BODY_LIMIT, jsonTooDeep, readBoundedBody } from "@/lib/http/body";
import { jsonError, routeT } from "@/lib/http/errors";
import { tooDeep, tooLarge } from "@/lib/http/input";
import { findUnsafeText } from "@/lib/http/unsafe-text";
import type { Auth } from "./auth";
import { authProblem } from "./auth-problem";

/**
 * Every /api/auth/* request on its way to Better Auth (the route handler and the tests use this
 * same door):
 * - the body is read here, through the one bounded reader (AUTH_BODY_LIMIT: a declared length
 *   over it is refused unread, a chunked one cut at it: 413), and JSON nested past
 *   MAX_JSON_DEPTH is refused (400); Better Auth gets a request built from the bytes read;
 * - text with a NUL byte or half a character is refused naming the field (400 in the query, 422
 *   in the body), before Better Auth or the store sees it (PostgreSQL answered a bare 500);
 * - the client address the server saw is stamped in CLIENT_ADDRESS_HEADER, the one header
 *   Better Auth is told to read (lib/auth/auth.ts), so its limiter, session rows and our hooks
 *   agree on one address that no client can choose;
 * - its error answers become problems like every other of our API (auth-problem.ts);
 * - cookies are marked Secure when a trusted proxy says the browser came over https (APP_URL on
 *   https makes Better Auth do it itself).
 */
export async function handleAuthRequest(auth: Pick<Auth, "handler">, request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (findUnsafeText(decodedPath(url.pathname))) return unsafe(400, "path");
  const queryField = findUnsafeText(Object.fromEntries(url.searchParams));
  if (queryField) return unsafe(400, queryField);
  let body: Uint8Array | undefined;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const read = await readBoundedBody(request, AUTH_BODY_LIMIT);
    if ("tooLarge" in read) return tooLarge();
    body = read.bytes;
    const text = new TextDecoder().decode(body);
    if (jsonTooDeep(text)) return tooDeep();
    const bodyField = unsafeBodyField(text);
    if (bodyField) return unsafe(422, bodyField);
  }
  const response = await authProblem(await auditFailureStatus(await auth.handler(withClientAddressHeader(request, body))), url.pathname);
  return isHttpsRequest(request.headers) ? withSecureCookies(response) : response;
}

/**
 * When an after hook replaces an endpoint's error (a 401) with "audit unavailable", Better Auth
 * keeps the endpoint's status: the answer is put right here, a 503 whatever the endpoint said.
 */
async function auditFailureStatus(response: Response): Promise<Response> {
  if (response.status < 400 || response.status === 503) return response;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return response;
  const text = await response.clone().text();
  if (!text.includes('"AUDIT_UNAVAILABLE"')) return response;
  return new Response(text, { status: 503, headers: response.headers });
}

function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function unsafeBodyField(body: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON: Better Auth refuses it itself. Raw text can still hold a NUL or a lone surrogate.
    return findUnsafeText(body) ? "body" : null;
  }
  return findUnsafeText(parsed);
}

function unsafe(status: 400 | 422, field: string): Response {
  const message = routeT()("errors.unsafeText", { field });
  return jsonError(status, message, { kind: "validation", fields: { [field]: message } });
}

/** The same answer with `Secure` on every cookie that lacks it. */
function withSecureCookies(response: Response): Response {
  const cookies = response.headers.getSetCookie();
  if (cookies.every((c) => /;\s*secure\b/i.test(c))) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-cookie");
  for (const cookie of cookies) headers.append("set-cookie", /;\s*secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The client address Better Auth's request carries (stamped above), for the audit log. */
export function stampedClientAddress(source: Request | Headers | undefined): string | null {
  if (!source) return null;
  const headers = source instanceof Request ? source.headers : source;
  return headers.get(CLIENT_ADDRESS_HEADER) ?? clientAddress(headers).ip;
}
