/**
 * Security headers of every answer, built here so proxy.ts stays a few lines and this stays
 * testable. No "server-only" import: proxy.ts loads it.
 *
 * Scripts: a per-request nonce plus 'strict-dynamic' (Next.js attaches the nonce to its own
 * scripts when it finds it in the request's CSP header); never 'unsafe-inline' for scripts.
 * Styles: 'unsafe-inline' is allowed ON PURPOSE. recharts and the radix primitives write inline
 * `style` attributes, which a nonce cannot cover (and a nonce in style-src would make browsers
 * ignore 'unsafe-inline'). Injected CSS cannot run code; script injection is what CSP stops here.
 */
type PolicyOptions = { nonce: string; dev: boolean; https: boolean };

export function pageCsp({ nonce, dev, https }: PolicyOptions): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** JSON and event streams: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** /api/docs: a page of our own HTML with its stylesheet inline, and still no script, image or frame. */
export const API_DOCS_PATH = "/api/docs";
export const API_DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The CSP of an /api answer. */
export function apiCspFor(pathname: string): string {
  return pathname === API_DOCS_PATH ? API_DOCS_CSP : API_CSP;
}

export const HSTS = "max-age=63072000; includeSubDomains";

/** Headers for every answer, whatever its type. */
export function commonSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
    ...(https ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/** 16 random bytes, base64: unguessable and fresh for every page request. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** Router prefetches and RSC payload requests are not documents: no nonce needed. */
export function isDocumentRequest(pathname: string, headers: Headers): boolean {
  if (pathname === "/api" || pathname.startsWith("/api/")) return false;
  if (headers.get("next-router-prefetch") !== null || headers.get("purpose") === "prefetch") return false;
  return true;
}
