import fc from "fast-check";
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { getEnv } from "@/lib/env";
import { findUnsafeText } from "@/lib/http/unsafe-text";

/**
 * Test-only (app/api/payments/fuzz.test.ts): every route under app/api found from the files, and
 * requests carrying one bad string in a path param, in the query and in the body.
 */
/** A string with exactly one thing no route accepts: a NUL byte or half a surrogate pair. */
export const badText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom("\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF"), fc.string({ maxLength: 12 }))
  .map(([a, b, c]) => a + b + c);

export type ApiRoute = { file: string; path: string; params: Array<{ name: string; catchAll: boolean }>; methods: string[] };
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Every app/api route file, its URL pattern, its dynamic segments and the methods it exports. */
export function apiRoutes(): ApiRoute[] {
  const dir = fileURLToPath(new URL("../../app/api", import.meta.url));
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.split(sep).at(-1) === "route.ts")
    .sort()
    .map((f) => {
      const segments = f.split(sep).slice(0, -1);
      const params = segments.flatMap((seg) => {
        const m = /^\[(\.\.\.)?(.+)\]$/.exec(seg);
        return m ? [{ name: m[2] ?? "", catchAll: Boolean(m[1]) }] : [];
      });
      return { file: join(dir, f), path: `/api/${segments.join("/")}`, params, methods: exportedMethods(join(dir, f)) };
    });
}

function exportedMethods(file: string): string[] {
  // Statically, as the route inventory does: importing every route just to list them is slow.
  const source = readFileSync(file, "utf8");
  return METHODS.filter((m) => new RegExp(`\\b${m}\\b`).test(source.replace(/\/\/.*$/gm, "")) && new RegExp(`export[^;]*\\b${m}\\b`, "s").test(source));
}

type Injected = { request: Request; context: { params: Promise<Record<string, string | string[]>> }; where: string; field: string; accept: string[] };

/** The same bad string in a param, in the query and in the body, one request each. */
/** Routes whose body is an uploaded file (a spreadsheet): their refusals name the file. */
export const UPLOAD_ROUTES: ReadonlySet<string> = new Set(["/api/batches", "/api/charges/import", "/api/charges/import/preview"]);

export function injectedRequests(route: ApiRoute, method: string, bad: string, pick: number, app: string): Injected[] {
  const fine = Object.fromEntries(route.params.map((p) => [p.name, p.catchAll ? ["fuzz-id"] : "fuzz-id"]));
  const url = (params: Record<string, string | string[]>, query = "") => {
    let path = route.path;
    for (const p of route.params) {
      const value = params[p.name];
      // The handler reads params from its context; the URL only has to be a URL.
      const shown = (Array.isArray(value) ? value : [value ?? ""]).map((v) => (findUnsafeText(v) ? "x" : encodeURIComponent(v)));
      path = path.replace(`[${p.catchAll ? "..." : ""}${p.name}]`, shown.join("/"));
    }
    // Better Auth reads its path from the URL, not from params: the bad text goes there (as %00).
    if (route.path === "/api/auth/[...all]") {
      const value = params.all;
      const tail = Array.isArray(value) && value[1] !== undefined ? `/${encodeURIComponent(value[1].replace(/[\uD800-\uDFFF]/g, "\u0000"))}` : "";
      path = `/api/auth/sign-in/email${tail}`;
    }
    return `${app}${path}${query}`;
  };
  // The webhook receiver refuses a wrong Authorization first (401, content unread): the provider's own gets past it.
  const headers = {
    origin: app,
    host: new URL(app).host,
    "content-type": "application/json",
    ...(route.path === "/api/webhooks/pix" ? { authorization: getEnv().webhookAuthorization } : {}),
  };
  const hasBody = method !== "GET" && method !== "DELETE";
  const validBody = route.path === "/api/auth/[...all]" ? { email: "a@b.example", password: "password1" } : {};
  const make = (params: Record<string, string | string[]>, query: string, body: unknown) =>
    new Request(url(params, query), { method, headers, body: hasBody ? JSON.stringify(body) : undefined });
  const context = (params: Record<string, string | string[]>) => ({ params: Promise.resolve(params) });
  const paramNames = route.params.map((p) => p.name);
  const out: Injected[] = [];

  if (route.params.length > 0) {
    const target = route.params[pick % route.params.length]!;
    const params = { ...fine, [target.name]: target.catchAll ? ["fuzz-id", bad] : bad };
    const field = target.catchAll ? `${target.name}.1` : target.name;
    out.push({ request: make(params, "", validBody), context: context(params), where: "param", field, accept: [field, target.name, "path"] });
  }
  const key = ["q", "page", "status", "actor", "action", "payment", "receiver_name", "fuzz"][pick % 8]!;
  // Half a surrogate cannot travel in a URL (it is not UTF-8: it arrives as U+FFFD); a NUL can (%00).
  const inQuery = bad.replace(/[\uD800-\uDFFF]/g, "\u0000");
  out.push({
    request: make(fine, `?${new URLSearchParams({ [key]: inQuery })}`, validBody),
    context: context(fine),
    where: "query",
    field: key,
    accept: [key, ...paramNames],
  });
  if (hasBody) {
    const fields = ["email", "password", "code", "receiver_name", "reason", "note", "role", "name"];
    const name = fields[pick % fields.length]!;
    const body = { ...validBody, [name]: pick % 3 === 0 ? [bad] : bad };
    const field = findUnsafeText(body) ?? name;
    // An upload's body is the file itself: its refusal names the file.
    const accept = UPLOAD_ROUTES.has(route.path) ? [field, "file"] : [field, ...paramNames];
    out.push({ request: make(fine, "", body), context: context(fine), where: "body", field, accept });
  }
  return out;
}

/** A sample URL path of a route (dynamic segments filled), e.g. /api/transfers/fuzz-id/approve. */
export function samplePath(route: ApiRoute): string {
  if (route.path === "/api/auth/[...all]") return "/api/auth/sign-in/email";
  return route.path.replace(/\[\.\.\.[^\]]+\]/g, "fuzz/deeper").replace(/\[[^\]]+\]/g, "fuzz-id");
}

/** A body stream of `total` bytes in 16 KiB chunks, counting what the handler pulled from it. */
export function countedStream(total: number): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new Uint8Array(16 * 1024).fill(0x20);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { body, pulled: () => sent };
}

/** A request to a route as the fuzz suite sends it: JSON, same origin, the webhook's own Authorization. */
export function routeRequest(route: ApiRoute, method: string, app: string, body: BodyInit, headers: Record<string, string> = {}): Request {
  return new Request(`${app}${samplePath(route)}`, {
    method,
    body,
    headers: {
      origin: app,
      host: new URL(app).host,
      "content-type": "application/json",
      ...(route.path === "/api/webhooks/pix" ? { authorization: getEnv().webhookAuthorization } : {}),
      ...headers,
    },
    duplex: "half",
  } as RequestInit);
}

/** The params a handler receives for samplePath(route). */
export function sampleContext(route: ApiRoute): { params: Promise<Record<string, string | string[]>> } {
  return { params: Promise.resolve(Object.fromEntries(route.params.map((p) => [p.name, p.catchAll ? ["fuzz", "deeper"] : "fuzz-id"]))) };
}
