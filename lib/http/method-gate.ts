import "server-only";
import http from "node:http";
import { localeFromCookieHeader } from "@/lib/i18n/config";
import { translator } from "@/lib/i18n/server";
import { apiRouteFor } from "./api-routes";
import { API_CSP, commonSecurityHeaders } from "./security-headers";
import { PROBLEM_MEDIA_TYPE, problemBody } from "./problem";
import { requestIdFrom } from "./request-id";

/** Pages are read: no server actions, no forms posted to a page. */
const PAGE_METHODS = ["GET", "HEAD"] as const;

/**
 * The methods a path answers, or null when `method` is one of them. An /api route answers the
 * methods its file exports, HEAD with GET, and OPTIONS (Next.js lists them); a page GET and HEAD.
 */
export function allowedMethods(method: string, pathname: string): string[] | null {
  const route = apiRouteFor(pathname);
  const served = new Set<string>(route ? [...route.methods, "OPTIONS"] : PAGE_METHODS);
  if (served.has("GET")) served.add("HEAD");
  if (served.has(method.toUpperCase())) return null;
  return [...served].sort();
}

/**
 * The 405 answer for a method a path does not serve: `Allow` and a problem (RFC 9457) in the
 * caller's language, with the headers every API answer carries.
 */
export function methodNotAllowed(method: string, allow: string[], cookie: string | null | undefined, requestId: string = crypto.randomUUID()): { status: 405; headers: Record<string, string>; body: string } {
  const t = translator(localeFromCookieHeader(cookie));
  const error = t("errors.methodNotAllowed", { method: method.slice(0, 20), allowed: allow.join(", ") });
  const body = JSON.stringify(problemBody(405, "method_not_allowed", error, requestId));
  return {
    status: 405,
    headers: {
      ...commonSecurityHeaders(false),
      "Content-Security-Policy": API_CSP,
      "content-type": PROBLEM_MEDIA_TYPE,
      "cache-control": "no-store",
      "x-request-id": requestId,
      allow: allow.join(", "),
      "content-length": String(Buffer.byteLength(body)),
    },
    body,
  };
}

const INSTALLED = Symbol.for("pix.method-gate");

/**
 * Answers unsupported methods before Next.js sees the request. Next.js builds a WHATWG Request
 * for every call, and that constructor throws on TRACE (a plain-text 500 from the proxy or the
 * route, before any of our code runs); for a method a route does not export it sends an empty
 * 405 without `Allow`. So the gate sits where Node hands the request to the server: a wrapper of
 * http.Server's "request" event, installed once at start (instrumentation.ts).
 */
export function installMethodGate(): void {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  proto.emit = function gatedEmit(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const pathname = pathOf(req.url);
      const allow = allowedMethods(req.method ?? "", pathname);
      if (allow) {
        const answer = methodNotAllowed(req.method ?? "", allow, req.headers.cookie, requestIdOf(req.headers["x-request-id"]));
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
        req.resume(); // drain whatever body came with it
        return true;
      }
    }
    return emit.call(this, event, ...args);
  } as typeof proto.emit;
}

/** The same request id rule as every route (a sane one from a load balancer, else a new one). */
function requestIdOf(given: string | string[] | undefined): string {
  return requestIdFrom(new Headers(typeof given === "string" ? { "x-request-id": given } : {}));
}

function pathOf(url: string | undefined): string {
  const raw = url ?? "/";
  const end = raw.search(/[?#]/);
  return end < 0 ? raw : raw.slice(0, end);
}
