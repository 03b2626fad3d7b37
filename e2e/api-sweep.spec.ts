import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { ANON_ENGLISH, expectNoLeak } from "./api-helpers";
import { E2E } from "./env";

/**
 * Every route handler under app/api, found on disk (a new route is swept without editing this
 * file), called without a session: each answers 401 JSON `{error}`, except GET /api/health and
 * /api/ready (open to load balancers), GET /api/metrics (its own token; off here: 404), the webhook receiver (its own Authorization check: 401 without it) and Better Auth's
 * /api/auth/*, whose own answers are pinned below. No answer is HTML or shows a stack trace.
 * Cross-origin POSTs: e2e/cross-origin.spec.ts.
 */
const API_DIR = fileURLToPath(new URL("../app/api", import.meta.url));
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

// Real sandbox ids, so a dynamic segment holds something a signed-in user could ask for.
const SAMPLE_SEGMENTS: Record<string, string> = {
  idempotent_id: "sandbox-known-completed-qr",
  end_to_end: "E18236120202611161230SBXQRPAID01",
};
const SAMPLE_CATCH_ALL = "sweep-sample/path";

type Route = { file: string; url: string; methods: Method[] };

function routeFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.split(sep).at(-1) === "route.ts")
    .map((f) => join(dir, f))
    .sort();
}

/** `app/api/payments/[idempotent_id]/route.ts` -> `/api/payments/sandbox-known-completed-qr`. */
function urlOf(file: string): string {
  const segments = relative(API_DIR, file).split(sep).slice(0, -1);
  const parts = segments
    .filter((s) => !/^\(.*\)$/.test(s)) // route groups are not in the URL
    .map((s) => {
      if (/^\[\[?\.\.\./.test(s)) return SAMPLE_CATCH_ALL;
      const dynamic = /^\[(.+)\]$/.exec(s);
      return dynamic ? (SAMPLE_SEGMENTS[dynamic[1] ?? ""] ?? "sweep-sample-id") : s;
    });
  return ["/api", ...parts].join("/");
}

/** The HTTP methods a route module exports, in every form the codebase could use. */
function exportedMethods(source: string): Method[] {
  const found = new Set<string>();
  const isMethod = (name: string): name is Method => (METHODS as readonly string[]).includes(name);
  for (const m of source.matchAll(/export\s+(?:const|let|var)\s+([A-Z]+)\b/g)) found.add(m[1] ?? "");
  for (const m of source.matchAll(/export\s+(?:async\s+)?function\s+([A-Z]+)\b/g)) found.add(m[1] ?? "");
  for (const m of source.matchAll(/export\s+(?:const|let|var)\s*\{([^}]*)\}\s*=/g)) {
    for (const name of (m[1] ?? "").split(",")) found.add(name.split(":").at(-1)?.trim() ?? "");
  }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const name of (m[1] ?? "").split(",")) found.add(name.split(/\s+as\s+/).at(-1)?.trim() ?? "");
  }
  return METHODS.filter((m) => found.has(m) && isMethod(m));
}

const ROUTES: Route[] = routeFiles(API_DIR).map((file) => ({
  file: relative(fileURLToPath(new URL("..", import.meta.url)), file),
  url: urlOf(file),
  methods: exportedMethods(readFileSync(file, "utf8")),
}));

const isAuthRoute = (url: string) => url.startsWith("/api/auth/");
/** app/api/[...unknown]: the JSON 404 for addresses no route answers (tested on its own below). */
const isUnknownRoute = (file: string) => file.includes("[...unknown]");
const OPEN: Record<string, string> = {
  "GET /api/health": "health check",
  "GET /api/ready": "readiness check",
  "GET /api/metrics": "Prometheus scrape (METRICS_TOKEN; unset on the e2e server)",
  "POST /api/webhooks/pix": "webhook receiver (own Authorization check)",
  "GET /api/receipts/verify": "a comprovante's code checked by whoever holds the paper (three facts only, rate limited)",
};

async function call(api: APIRequestContext, method: Method, url: string, headers: Record<string, string> = {}) {
  const withBody = method === "POST" || method === "PUT" || method === "PATCH";
  return api.fetch(url, {
    method,
    headers,
    ...(withBody ? { data: {} } : {}),
    maxRedirects: 0,
  });
}


let anon: APIRequestContext;
test.beforeAll(async () => {
  anon = await playwrightRequest.newContext({ baseURL: E2E.appUrl, storageState: ANON_ENGLISH });
});
test.afterAll(async () => {
  await anon.dispose();
});

test.describe("the route inventory", () => {
  test("finds every route file under app/api with the methods it exports", () => {
    // Guards the sweep itself: if the parser stopped seeing exports, every loop below would be empty.
    const pairs = ROUTES.flatMap((r) => r.methods.map((m) => `${m} ${r.url}`));
    expect(pairs).toEqual(
      expect.arrayContaining([
        "GET /api/health",
        "GET /api/payments",
        "POST /api/payments",
        "GET /api/payments/sandbox-known-completed-qr",
        "GET /api/qrcodes/E18236120202611161230SBXQRPAID01",
        "POST /api/webhooks/pix",
        `GET /api/auth/${SAMPLE_CATCH_ALL}`,
        `POST /api/auth/${SAMPLE_CATCH_ALL}`,
      ]),
    );
    for (const route of ROUTES) expect(route.methods.length, `${route.file} exports a method`).toBeGreaterThan(0);
  });
});

test.describe("without a session", () => {
  for (const route of ROUTES.filter((r) => !isAuthRoute(r.url) && !isUnknownRoute(r.file))) {
    for (const method of route.methods) {
      const key = `${method} ${route.url}`;
      if (OPEN[key]) continue;
      test(`${key} answers a 401 problem (${route.file})`, async () => {
        const res = await call(anon, method, route.url);
        expect(res.status(), key).toBe(401);
        expect(res.headers()["content-type"]).toContain("application/problem+json");
        expect(await res.json()).toMatchObject({ error: "Sign in required", kind: "unauthenticated", status: 401 });
        expect(res.headers()["cache-control"]).toContain("no-store");
        await expectNoLeak(res, key);
        // A foreign Origin changes nothing: still no session, still 401.
        const foreign = await call(anon, method, route.url, { origin: "https://evil.example" });
        expect(foreign.status(), `${key} from https://evil.example`).toBe(401);
      });
    }
  }

  test("without a language chosen, the refusal is in Portuguese (the default)", async () => {
    const fresh = await playwrightRequest.newContext({ baseURL: E2E.appUrl, storageState: { cookies: [], origins: [] } });
    try {
      const res = await fresh.get("/api/payments");
      expect(res.status()).toBe(401);
      expect(await res.json()).toMatchObject({ error: "É preciso entrar", kind: "unauthenticated" });
    } finally {
      await fresh.dispose();
    }
  });

  test("the inventory's methods not exported answer 405 without a page or a stack", async () => {
    for (const route of ROUTES) {
      for (const method of ["PUT", "PATCH", "DELETE"] as const) {
        if (route.methods.includes(method)) continue;
        const res = await call(anon, method, route.url);
        expect(res.status(), `${method} ${route.url}`).toBe(405);
        await expectNoLeak(res, `${method} ${route.url}`);
      }
    }
  });

  test("a malformed dynamic segment answers JSON, never a page, a 500 or a stack", async () => {
    const dynamic = ROUTES.filter((r) => !isAuthRoute(r.url) && /\/app\/api\/.*\[/.test(`/${r.file}`));
    expect(dynamic.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const route of dynamic) {
      for (const bad of ["%", "%E0%A4%A", "..%2F..%2Fetc%2Fpasswd"]) {
        const sample = Object.values(SAMPLE_SEGMENTS).find((v) => route.url.includes(v)) ?? "sweep-sample-id";
        const url = route.url.replace(sample, bad);
        for (const method of route.methods) {
          const res = await call(anon, method, url);
          const type = res.headers()["content-type"] ?? "(none)";
          if (res.status() >= 500 || !/application\/(problem\+)?json/.test(type)) {
            problems.push(`${method} ${url}: ${res.status()} ${type} ${(await res.text()).slice(0, 120)}`);
          }
          await expectNoLeak(res, `${method} ${url}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test("GET /api/health is open and tells no secret", async () => {
    const res = await anon.get("/api/health");
    expect([200, 503]).toContain(res.status());
    expect(res.headers()["content-type"]).toContain("application/json");
    const body = (await res.json()) as { status: string };
    expect(["ok", "degraded"]).toContain(body.status);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/secret|password|bearer|token"\s*:\s*"[A-Za-z0-9._-]{16,}/i);
    await expectNoLeak(res, "GET /api/health");
  });

  test("GET /api/ready is open, says which checks pass, and tells no secret", async () => {
    const res = await anon.get("/api/ready");
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready", checks: { store: { ok: true }, queue: { ok: true }, provider: { ok: true } } });
    await expectNoLeak(res, "GET /api/ready");
  });

  test("GET /api/metrics is off without METRICS_TOKEN: 404 JSON, with or without a bearer", async () => {
    for (const headers of [{}, { authorization: "Bearer anything-at-all-000000" }] as Array<Record<string, string>>) {
      const res = await anon.get("/api/metrics", { headers });
      expect([res.status(), await res.json()]).toEqual([404, expect.objectContaining({ error: "No such API endpoint" })]);
      await expectNoLeak(res, "GET /api/metrics");
    }
  });

  test("an /api address no route answers: 404 JSON {error}, for any method, with or without a session", async () => {
    for (const [method, path] of [["GET", "/api/no-such-endpoint"], ["POST", "/api/payments/x/y/z"], ["DELETE", "/api/insights/extra"]]) {
      const res = await anon.fetch(path!, { method, headers: { origin: E2E.appUrl }, maxRedirects: 0 });
      expect([res.status(), await res.json()], `${method} ${path}`).toEqual([404, expect.objectContaining({ error: "No such API endpoint" })]);
      await expectNoLeak(res, `${method} ${path}`);
    }
  });

  test("POST /api/webhooks/pix answers 401 JSON without the right Authorization header", async () => {
    const body = { idempotent_id: "sandbox-known-completed-qr", status: "completed" };
    const attempts: Array<Record<string, string>> = [{}, { authorization: "Bearer not-the-registered-value" }, { authorization: "" }];
    for (const headers of attempts) {
      const res = await anon.post("/api/webhooks/pix", { data: body, headers });
      expect(res.status(), JSON.stringify(headers)).toBe(401);
      expect(res.headers()["content-type"]).toContain("application/problem+json");
      const json = (await res.json()) as { error?: unknown };
      expect(typeof json.error).toBe("string");
      await expectNoLeak(res, "POST /api/webhooks/pix");
    }
  });
});

test.describe("Better Auth's own /api/auth/* endpoints without a session", () => {
  const origin = { origin: E2E.appUrl };
  // [method, path, headers, expected status, what the answer means]
  const CASES: Array<[Method, string, Record<string, string>, number, string]> = [
    ["GET", `/api/auth/${SAMPLE_CATCH_ALL}`, {}, 404, "an unknown auth path: 404 with no body"],
    ["POST", `/api/auth/${SAMPLE_CATCH_ALL}`, origin, 404, "an unknown auth path: 404 with no body"],
    ["GET", "/api/auth/get-session", {}, 200, "no session: 200 `null`, nothing about anyone"],
    ["GET", "/api/auth/list-sessions", {}, 401, "needs a session"],
    ["POST", "/api/auth/update-user", origin, 401, "needs a session"],
    ["POST", "/api/auth/change-password", origin, 401, "needs a session"],
    ["POST", "/api/auth/sign-up/email", origin, 400, "nobody signs up: accounts come from the CLI"],
  ];
  for (const [method, path, headers, status, meaning] of CASES) {
    test(`${method} ${path}: ${status} (${meaning})`, async () => {
      const res = await anon.fetch(path, {
        method,
        headers,
        ...(method === "POST"
          ? { data: { email: `sweep-${Date.now()}@demo.test`, password: "sweep-password-1", name: "Sweep", newPassword: "x".repeat(12), currentPassword: "y".repeat(12) } }
          : {}),
        maxRedirects: 0,
      });
      expect(res.status()).toBe(status);
      await expectNoLeak(res, `${method} ${path}`);
      expect(res.headers()["set-cookie"] ?? "", "no session is handed out").not.toMatch(/session_token=[^;]/);
      if (path.endsWith("/get-session")) expect(await res.json()).toBeNull();
      if (status === 401 || path.endsWith("/sign-up/email")) {
        expect(res.headers()["content-type"]).toMatch(/application\/(problem\+)?json/);
      }
    });
  }
});
