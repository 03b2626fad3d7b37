import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { API_ROUTE_METHODS } from "./api-routes";
import { generatedRouteFiles } from "./route-files";
import { isFileAnswer } from "./answers";
import type { DeclaredRoute } from "./route";

/**
 * A static sweep of every route handler under app/api, so that a new route cannot forget the
 * guard: each exported method of a session route is declared with `route({ permission })` (or,
 * the older way, goes through `requireApiUser` and stops on its refusal); a mutating one never
 * turns the Origin check off (or runs it itself); every handler is wrapped in `route`/`withRoute`
 * (errors become JSON, never a stack). The only routes without a session are the ones listed in
 * OPEN_ROUTES. The e2e sweep (e2e/api-sweep.spec.ts) proves the same against the running build.
 */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const API_DIR = join(ROOT, "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Route files (relative to the repo) that deliberately have no session guard, and why. */
const OPEN_ROUTES: Record<string, string> = {
  "app/api/health/route.ts": "health check for load balancers",
  "app/api/ready/route.ts": "readiness for load balancers: which checks pass, no secret",
  "app/api/metrics/route.ts": "Prometheus scrape: its own bearer token (METRICS_TOKEN), off when unset",
  "app/api/webhooks/pix/route.ts": "the provider's notifications: Authorization + md5 check",
  "app/api/auth/[...all]/route.ts": "Better Auth: sign-in, sign-out, session",
  "app/api/[...unknown]/route.ts": "JSON 404 for addresses no route answers; reads and changes nothing",
  "app/api/receipts/verify/route.ts": "the check of a comprovante's code by whoever holds the paper: three facts only, rate limited per address",
};

type RouteFile = { file: string; source: string; methods: string[] };

function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|var)\s+([A-Z]+)\b/g)) found.add(m[1] ?? "");
  for (const m of source.matchAll(/export\s+(?:async\s+)?function\s+([A-Z]+)\b/g)) found.add(m[1] ?? "");
  for (const m of source.matchAll(/export\s+(?:const|let|var)\s*\{([^}]*)\}\s*=/g)) {
    for (const name of (m[1] ?? "").split(",")) found.add(name.split(":").at(-1)?.trim() ?? "");
  }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of (m[1] ?? "").split(",")) found.add(name.split(/\s+as\s+/).at(-1)?.trim() ?? "");
  }
  return METHODS.filter((m) => found.has(m));
}

/** The source of one exported handler: from its `export` to the next top-level export. */
function handlerSource(source: string, method: string): string {
  const start = source.search(new RegExp(`export\\s+(?:const\\s+${method}\\b|(?:async\\s+)?function\\s+${method}\\b)`));
  if (start < 0) return "";
  const rest = source.slice(start + 1);
  const next = rest.search(/\nexport\s/);
  return next < 0 ? source.slice(start) : source.slice(start, start + 1 + next);
}

const ROUTES: RouteFile[] = (readdirSync(API_DIR, { recursive: true }) as string[])
  .filter((f) => f.split(sep).at(-1) === "route.ts")
  .map((f) => {
    const path = join(API_DIR, f);
    const source = readFileSync(path, "utf8");
    return { file: relative(ROOT, path).split(sep).join("/"), source, methods: exportedMethods(source) };
  })
  .sort((a, b) => a.file.localeCompare(b.file));

const SESSION_ROUTES = ROUTES.filter((r) => !(r.file in OPEN_ROUTES));

describe("app/api route inventory", () => {
  it("finds the route files and the methods each exports", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const route of ROUTES) expect(route.methods, route.file).not.toHaveLength(0);
    const payments = ROUTES.find((r) => r.file === "app/api/payments/route.ts");
    expect(payments?.methods).toEqual(["GET", "POST"]);
    const auth = ROUTES.find((r) => r.file === "app/api/auth/[...all]/route.ts");
    expect(auth?.methods).toEqual(["GET", "POST"]);
  });

  it("the method gate's table (lib/http/api-routes.ts) lists every route and exactly the methods its file exports", () => {
    const fromFiles = Object.fromEntries(ROUTES.map((r) => [r.file.replace(/^app/, "").replace(/\/route\.ts$/, ""), [...r.methods].sort()]));
    const listed = Object.fromEntries(Object.entries(API_ROUTE_METHODS).map(([path, methods]) => [path, [...methods].sort()]));
    expect(listed).toEqual(fromFiles);
  });

  it("the committed route lists are those the files make (`npm run routes` writes them)", () => {
    for (const file of generatedRouteFiles(ROOT)) expect(readFileSync(join(ROOT, file.path), "utf8"), `${file.path}: run npm run routes`).toBe(file.text);
  });

  it("the open routes are exactly the health and readiness checks, the metrics, the webhook receiver and Better Auth", () => {
    for (const file of Object.keys(OPEN_ROUTES)) {
      expect(ROUTES.map((r) => r.file), `${file} still exists`).toContain(file);
    }
    const health = ROUTES.find((r) => r.file === "app/api/health/route.ts");
    const webhook = ROUTES.find((r) => r.file === "app/api/webhooks/pix/route.ts");
    expect(health?.methods).toEqual(["GET"]);
    expect(webhook?.methods).toEqual(["POST"]);
    expect(webhook?.source).toMatch(/receiveWebhook\(/);
  });

  it("every route() declares a summary and what it answers: a schema per success status, or a file's media types", async () => {
    // Better Auth and the JSON 404 are withRoute alone: they declare nothing of their own.
    const undeclared = new Set(["app/api/auth/[...all]/route.ts", "app/api/[...unknown]/route.ts"]);
    for (const route of ROUTES) {
      const handlers = (await import(/* @vite-ignore */ join(ROOT, route.file))) as Record<string, { declared?: DeclaredRoute } | undefined>;
      for (const method of route.methods) {
        const declared = handlers[method]?.declared;
        const where = `${method} ${route.file}`;
        if (undeclared.has(route.file)) {
          expect(declared, where).toBeUndefined();
          continue;
        }
        expect(declared, `${where} is declared with route()`).toBeDefined();
        if (!declared) continue;
        expect(declared.summary.length, `${where} has a summary`).toBeGreaterThan(3);
        const statuses = Object.keys(declared.answers).map(Number);
        expect(statuses.some((s) => s >= 200 && s < 300), `${where} declares a success answer`).toBe(true);
        for (const [status, spec] of Object.entries(declared.answers)) {
          // 204 No Content is the one answer without a body, hence without media types.
          if (isFileAnswer(spec) && status === "204") expect(spec.contentTypes, `${where}: 204 has no body`).toEqual([]);
          else if (isFileAnswer(spec)) expect(spec.contentTypes.length, `${where} names its media types`).toBeGreaterThan(0);
          else expect(typeof spec.safeParse, `${where} declares a zod schema`).toBe("function");
        }
      }
    }
    // Importing every route file compiles most of the server: a minute leaves room on a busy machine.
  }, 60_000);

  it("every handler is wrapped in withRoute (errors answer JSON, never a stack)", () => {
    for (const route of ROUTES) {
      const wraps = route.source.match(/\b(?:withRoute|route)(?:<[^>]*>)?\(/g)?.length ?? 0;
      // The Better Auth route wraps one handler that serves both of its methods.
      const needed = route.file.includes("[...all]") || route.file.includes("[...unknown]") ? 1 : route.methods.length;
      expect(wraps, route.file).toBeGreaterThanOrEqual(needed);
    }
  });

  describe.each(SESSION_ROUTES.flatMap((r) => r.methods.map((m) => ({ ...r, method: m }))))(
    "$method $file",
    ({ source, method }) => {
      const body = handlerSource(source, method);

      // (A route's name may hold braces, "PATCH /api/users/{id}": strings are skipped whole, and so is `answers: { ... }`.)
      const declared = /\broute\(\s*\{(?:"[^"]*"|\{(?:"[^"]*"|[^{}"])*\}|[^}"])*\bpermission: "(\w+)"/.exec(body);

      it("checks the session and role first and stops on a refusal", () => {
        if (declared) {
          expect(declared[1], "a session route names a permission").not.toBe("public");
          return;
        }
        expect(body).toMatch(/const (\w+) = await requireApiUser\(request, "\w+"\);\s*if \("response" in \1\) return \1\.response;/);
        // Nothing reads the request or calls out before the guard.
        const guard = body.indexOf("requireApiUser(");
        for (const early of ["readJsonBody(", "queryObject(", "await params", "listPayments(", "getPayment(", "registerPayment("]) {
          const at = body.indexOf(early);
          if (at >= 0) expect(at, `${early} comes after the guard`).toBeGreaterThan(guard);
        }
      });

      if (MUTATING.has(method)) {
        it("refuses cross-origin requests before reading the body", () => {
          if (declared) {
            expect(body, "the Origin check stays on").not.toMatch(/checkOrigin:\s*false/);
            return;
          }
          const origin = body.indexOf("checkOrigin(request)");
          expect(origin).toBeGreaterThan(0);
          const read = body.indexOf("readJsonBody(");
          if (read >= 0) expect(origin).toBeLessThan(read);
        });
      }
    },
  );
});
