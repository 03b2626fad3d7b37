import { NextResponse, type NextRequest } from "next/server";
import {
  API_CSP,
  commonSecurityHeaders,
  createNonce,
  isDocumentRequest,
  isHttps,
  pageCsp,
} from "@/lib/http/security-headers";

/**
 * Next 16 Proxy (formerly middleware): security headers on every answer it sees and a fresh CSP
 * nonce for every page. The nonce travels to the app in the request's `x-nonce` header and in the
 * request's CSP header (Next.js reads the nonce from there for its own scripts). It only sets
 * headers: streams such as /api/events pass through untouched. Static build assets are skipped
 * by the matcher (they are immutable, fingerprinted files).
 */
export function proxy(request: NextRequest): NextResponse {
  const https = isHttps(request.headers, request.nextUrl.protocol);
  const common = commonSecurityHeaders(https);
  let response: NextResponse;
  if (isDocumentRequest(request.nextUrl.pathname, request.headers)) {
    const nonce = createNonce();
    const csp = pageCsp({ nonce, dev: process.env.NODE_ENV === "development", https });
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set("x-nonce", nonce);
    requestHeaders.set("Content-Security-Policy", csp);
    response = NextResponse.next({ request: { headers: requestHeaders } });
    response.headers.set("Content-Security-Policy", csp);
  } else {
    // Never let a client-sent x-nonce reach the app (rewriting headers only when there is one).
    if (request.headers.has("x-nonce")) {
      const requestHeaders = new Headers(request.headers);
      requestHeaders.delete("x-nonce");
      response = NextResponse.next({ request: { headers: requestHeaders } });
    } else {
      response = NextResponse.next();
    }
    if (request.nextUrl.pathname.startsWith("/api/")) response.headers.set("Content-Security-Policy", API_CSP);
  }
  for (const [name, value] of Object.entries(common)) response.headers.set(name, value);
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
