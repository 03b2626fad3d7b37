import "server-only";
import { getEnv } from "@/lib/env";
import { jsonError, routeT } from "./errors";

/**
 * CSRF defence (the session cookie is SameSite=Lax too): on every mutating route, and on reads
 * that act in the user's name (exports: route({ checkOrigin: true })). A present Origin must be
 * the configured public URL (APP_URL; for a loopback APP_URL, the same port under its other
 * loopback name); never the Host or X-Forwarded-Host a request carries, which its sender chooses.
 * `Origin: null` is refused. With no Origin, a browser's Sec-Fetch-Site must say same-origin (or
 * none: typed by the user); a request with neither header comes from a non-browser client and
 * still needs a session. Returns a 403 JSON answer to send, or undefined when the request may go on.
 */
export function checkOrigin(request: Request): Response | undefined {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    return allowedOrigins(getEnv().appUrl).has(normalizeOrigin(origin) ?? "\0") ? undefined : refuse();
  }
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin" && site !== "none") return refuse();
  return undefined;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** APP_URL's origin, and its loopback aliases when it is a loopback address (development, e2e). */
export function allowedOrigins(appUrl: string): Set<string> {
  const allowed = new Set<string>();
  const own = normalizeOrigin(appUrl);
  if (!own) return allowed;
  allowed.add(own);
  const url = new URL(own);
  if (LOOPBACK.has(url.hostname)) {
    for (const host of LOOPBACK) allowed.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
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
  return jsonError(403, routeT()("errors.origin"), { kind: "origin" });
}
