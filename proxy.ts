import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { loginUrlFor } from "@/lib/auth/safe-next";
import { localeFromCookieHeader } from "@/lib/i18n/config";
import { PROBLEM_MEDIA_TYPE, problemBody } from "@/lib/http/problem";
import { requestIdFrom } from "@/lib/http/request-id";
import enErrors from "@/messages/en/errors.json";
import ptErrors from "@/messages/pt-BR/errors.json";
import { isHttpsRequest, untrustedForwardedHeaders } from "@/lib/http/client-address";
import { API_CSP, apiCspFor, commonSecurityHeaders, createNonce, isDocumentRequest, pageCsp } from "@/lib/http/security-headers";

/**
 * Next 16 Proxy (formerly middleware): security headers on every answer it sees and a fresh CSP
 * nonce for every page. The nonce travels to the app in the request's `x-nonce` header and in the
 * request's CSP header (Next.js reads the nonce from there for its own scripts). It only sets
 * headers. Static build assets are skipped by the matcher (immutable, fingerprinted files), and
 * so are /api answers, which take their fixed headers from next.config.ts, except /api paths
 * holding a "%" (the malformed-escape guard below) and /api requests carrying a forwarded header.
 *
 * Forwarded headers (X-Forwarded-For/-Host/-Proto, X-Real-IP, Forwarded) sent by a client are
 * dropped here when no reverse proxy is trusted (TRUSTED_PROXY_HOPS=0): Next.js then fills them
 * from the socket, so route handlers and pages read the address the server itself saw
 * (lib/http/client-address.ts).
 */
export function proxy(request: NextRequest): NextResponse {
  const https = isHttpsRequest(request.headers);
  const untrusted = untrustedForwardedHeaders(request.headers);
  const common = commonSecurityHeaders(https);
  let response: NextResponse;
  const { pathname, search } = request.nextUrl;
  const repaired = repairPercentEncoding(pathname);
  if (repaired !== pathname && pathname.startsWith("/api/")) {
    // Next cannot decode the route parameter and would answer a plain-text 500: refuse it here.
    const words = localeFromCookieHeader(request.headers.get("cookie")) === "en" ? enErrors : ptErrors;
    const problem = problemBody(400, "validation", words.malformedPath, requestIdFrom(request.headers));
    const refused = new NextResponse(JSON.stringify(problem), { status: 400, headers: { "content-type": PROBLEM_MEDIA_TYPE, "x-request-id": problem.request_id } });
    for (const [name, value] of Object.entries(common)) refused.headers.set(name, value);
    refused.headers.set("Content-Security-Policy", API_CSP);
    refused.headers.set("Cache-Control", "no-store");
    return refused;
  }
  if (repaired !== pathname) {
    // A stray "%" (e.g. /payments/%E0%A4%A) makes Next's own param decoding throw a 500, and it
    // decodes the original address even when this proxy rewrites it: redirect to the literal
    // text instead, so the page answers "not found" with the id as typed.
    const url = request.nextUrl.clone();
    url.pathname = repaired;
    const redirected = NextResponse.redirect(url, 308);
    for (const [name, value] of Object.entries(common)) redirected.headers.set(name, value);
    return redirected;
  }
  if (isPageLoad(request.headers) && needsSession(pathname) && !getSessionCookie(request.headers, { cookiePrefix: "pix" })) {
    // No session cookie at all: a plain 307 to /login (and back afterwards). Pages check the
    // session itself again; this only spares a render and gives a real redirect status.
    response = NextResponse.redirect(new URL(loginUrlFor(`${pathname}${search}`), request.url), 307);
  } else if (isDocumentRequest(pathname, request.headers)) {
    const nonce = createNonce();
    const csp = pageCsp({ nonce, dev: process.env.NODE_ENV === "development", https });
    const requestHeaders = withoutHeaders(request.headers, untrusted);
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", csp);
    response = NextResponse.next({ request: { headers: requestHeaders } });
    response.headers.set("Content-Security-Policy", csp);
  } else {
    // Never let a client-sent x-nonce reach the app (rewriting headers only when there is one).
    const drop = request.headers.has("x-nonce") ? [...untrusted, "x-nonce"] : untrusted;
    response = drop.length ? NextResponse.next({ request: { headers: withoutHeaders(request.headers, drop) } }) : NextResponse.next();
    if (request.nextUrl.pathname.startsWith("/api/")) response.headers.set("Content-Security-Policy", apiCspFor(request.nextUrl.pathname));
  }
  for (const [name, value] of Object.entries(common)) response.headers.set(name, value);
  return response;
}

function withoutHeaders(headers: Headers, names: readonly string[]): Headers {
  const copy = new Headers(headers);
  for (const name of names) copy.delete(name);
  return copy;
}

/** Escapes every "%" that does not start a sequence decodeURIComponent accepts. */
function repairPercentEncoding(pathname: string): string {
  try {
    decodeURIComponent(pathname);
    return pathname;
  } catch {
    return pathname
      .split("/")
      .map((segment) => {
        try {
          decodeURIComponent(segment);
          return segment;
        } catch {
          return segment.replace(/%/g, "%25");
        }
      })
      .join("/");
  }
}

/** A browser loading a page as a document (not a client-side RSC navigation or an asset). */
function isPageLoad(headers: Headers): boolean {
  return !headers.has("rsc") && (headers.get("accept") ?? "").includes("text/html");
}

/** Pages anyone may open: sign-in and its "not allowed" page, and the check of a comprovante's code. */
function needsSession(pathname: string): boolean {
  return !(pathname === "/login" || pathname.startsWith("/login/") || pathname === "/comprovante/verificar" || pathname.startsWith("/api/"));
}

/**
 * Every page; /api paths holding a "%" (Next.js tries the raw path first): the malformed-escape
 * guard above; and /api requests carrying a forwarded header, which may have to be dropped. Other
 * /api answers (a browser's own calls carry none of these) take their headers from next.config.ts
 * without running this function. One entry per header: the conditions of one entry must all hold.
 */
export const config = {
  matcher: [
    "/((?!_next/static|_next/image|favicon.ico|icon.svg|api/).*)",
    "/api/(.*%.*)",
    { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-for" }] },
    { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-host" }] },
    { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-proto" }] },
    { source: "/api/:path*", has: [{ type: "header", key: "x-forwarded-port" }] },
    { source: "/api/:path*", has: [{ type: "header", key: "x-real-ip" }] },
    { source: "/api/:path*", has: [{ type: "header", key: "forwarded" }] },
  ],
};
