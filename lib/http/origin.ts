import "server-only";
import { getEnv } from "@/lib/env";
import { jsonError } from "./errors";

/**
 * CSRF defence for mutating routes (the session cookie is SameSite too). A present Origin must
 * be this app's own (the Host the request came to, or APP_URL); `Origin: null` is refused. With no
 * Origin, a browser's Sec-Fetch-Site must say same-origin (or none: typed by the user); a request
 * with neither header comes from a non-browser client and still needs a session.
 * Returns a 403 JSON answer to send, or undefined when the request may go on.
 */
export function checkOrigin(request: Request): Response | undefined {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    return allowedOrigins(request).has(normalizeOrigin(origin) ?? "\0") ? undefined : refuse();
  }
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return refuse();
  return undefined;
}

function allowedOrigins(request: Request): Set<string> {
  const allowed = new Set<string>();
  const url = new URL(request.url);
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwardedHost || request.headers.get("host") || url.host;
  const forwardedProto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const proto = forwardedProto || url.protocol.replace(/:$/, "");
  for (const candidate of [`${proto}://${host}`, url.origin, getEnv().appUrl]) {
    const normal = normalizeOrigin(candidate);
    if (normal) allowed.add(normal);
  }
  return allowed;
}

function normalizeOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.origin.toLowerCase();
  } catch {
    return undefined;
  }
}

function refuse(): Response {
  return jsonError(403, "Cross-origin request refused", { kind: "origin" });
}
