import { expect, test, type APIResponse } from "@playwright/test";
import { storageStateFor } from "./env";

/**
 * Security headers on every page and API route (proxy.ts + lib/http/security-headers.ts), checked
 * on the production build: a CSP with a fresh nonce on pages that every <script> of the HTML
 * carries, no inline event handlers, frame-ancestors 'none', nosniff, a referrer policy, and
 * HSTS only when the request came over https (x-forwarded-proto from the TLS proxy).
 */
test.use({ storageState: storageStateFor("admin") });

const PAGES = [
  "/",
  "/payments",
  "/payments?status=completed&page=2",
  "/payments/sandbox-known-completed-qr",
  "/payments/no-such-payment",
  "/qrcodes/E18236120202611161230SBXQRPAID01",
  "/payments/new",
  "/events",
  "/audit",
  "/login",
  "/login/not-allowed?permission=audit",
  "/no-such-page",
];

const API_ROUTES: Array<{ method: "GET" | "POST"; path: string }> = [
  { method: "GET", path: "/api/payments" },
  { method: "GET", path: "/api/payments?page=abc" },
  { method: "GET", path: "/api/payments/sandbox-known-completed-qr" },
  { method: "GET", path: "/api/qrcodes/E18236120202611161230SBXQRPAID01" },
  { method: "GET", path: "/api/insights" },
  { method: "GET", path: "/api/payments/export?status=authorization_pending&receiver_name=silva" },
  { method: "GET", path: "/api/events/log" },
  { method: "GET", path: "/api/lookup?q=sandbox-known-pending" },
  { method: "GET", path: "/api/audit" },
  { method: "GET", path: "/api/health" },
  { method: "GET", path: "/api/auth/get-session" },
  { method: "GET", path: "/api/no-such-route" },
  { method: "POST", path: "/api/payments" },
  { method: "POST", path: "/api/webhooks/pix" },
];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectCommonHeaders(res: APIResponse, label: string) {
  const h = res.headers();
  expect(h["x-content-type-options"], label).toBe("nosniff");
  expect(h["referrer-policy"], label).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
  expect(h["strict-transport-security"], `${label}: no HSTS over plain http`).toBeUndefined();
  const csp = directives(h["content-security-policy"] ?? "");
  expect(csp.get("frame-ancestors"), label).toEqual(["'none'"]);
}

test.describe("pages", () => {
  for (const path of PAGES) {
    test(`${path}: CSP with a fresh nonce that every script carries`, async ({ request }) => {
      const first = await request.get(path, { maxRedirects: 0 });
      expect(first.status(), path).toBeLessThan(500);
      expectCommonHeaders(first, path);
      const csp = directives(first.headers()["content-security-policy"] ?? "");
      const scriptSrc = csp.get("script-src") ?? csp.get("default-src") ?? [];
      const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce, `${path}: script-src ${scriptSrc.join(" ")}`).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);

      if (first.status() === 200) {
        const html = await first.text();
        const scripts = [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
        expect(scripts.length, path).toBeGreaterThan(0);
        const withoutNonce = scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`));
        expect(withoutNonce, `${path}: scripts without the nonce`).toEqual([]);
        const handlers = [...html.matchAll(/<[a-z][^>]*\son[a-z]+\s*=/gi)].map((m) => m[0].slice(0, 120));
        expect(handlers, `${path}: inline event handlers`).toEqual([]);
        expect(html).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
      }

      const second = await request.get(path, { maxRedirects: 0 });
      const again = directives(second.headers()["content-security-policy"] ?? "").get("script-src") ?? [];
      expect(again.find((v) => v.startsWith("'nonce-"))?.slice(7, -1)).not.toBe(nonce);
    });
  }

  test("HSTS only over https: a client's own X-Forwarded-Proto is not believed (no trusted proxy here)", async ({ request }) => {
    const plain = await request.get("/payments");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
    // The e2e server runs with TRUSTED_PROXY_HOPS=0 and an http APP_URL: nothing here is https.
    const forged = await request.get("/payments", { headers: { "x-forwarded-proto": "https" } });
    expect(forged.headers()["strict-transport-security"]).toBeUndefined();
    expect(forged.headers()["content-security-policy"]).not.toContain("upgrade-insecure-requests");
    const forgedApi = await request.get("/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(forgedApi.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("the browser runs every page without a single CSP violation", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        w.__cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`),
      );
    });
    for (const path of PAGES.filter((p) => !p.startsWith("/login"))) {
      await page.goto(path);
      await page.waitForLoadState("load");
      await expect(page.locator("main, h1").first()).toBeVisible();
      const violations = await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      expect(violations, path).toEqual([]);
    }
  });

  test("signed out, the redirect to /login carries the headers too", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    for (const path of ["/payments", "/audit", "/"]) {
      const res = await anonymous.get(path, { maxRedirects: 0 });
      // 30x, or 200 with the redirect streamed as a meta refresh when the page has a loading.tsx.
      expect([200, 302, 303, 307, 308]).toContain(res.status());
      if (res.status() === 200) expect(await res.text()).toMatch(/http-equiv="refresh"[^>]*\/login/);
      expectCommonHeaders(res, `${path} (signed out)`);
    }
    await anonymous.dispose();
  });
});

test.describe("Origin and cross-site requests", () => {
  test("a mutating call with a foreign Origin is refused even when X-Forwarded-Host names that origin", async ({ request }) => {
    const email = `forged-${Date.now().toString(36)}@demo.test`;
    const res = await request.post("/api/users", {
      headers: { origin: "http://evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
      data: { email, role: "admin" },
    });
    expect(res.status()).toBe(403);
    expect(await res.json()).toMatchObject({ kind: "origin" });
    const users = (await (await request.get("/api/users")).json()) as { users: Array<{ email: string }> };
    expect(users.users.map((u) => u.email)).not.toContain(email);
  });

  test("a cross-site GET of the export is refused (a link on another site cannot export in the user's name)", async ({ request }) => {
    const attempts: Array<Record<string, string>> = [{ "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" }, { origin: "http://evil.example" }];
    for (const headers of attempts) {
      const res = await request.get("/api/payments/export?status=completed", { headers });
      expect(res.status(), JSON.stringify(headers)).toBe(403);
    }
    const own = await request.get("/api/payments/export?status=completed", { headers: { "sec-fetch-site": "same-origin" } });
    expect(own.status()).toBe(200);
    await own.dispose();
  });
});

test.describe("API routes", () => {
  for (const route of API_ROUTES) {
    test(`${route.method} ${route.path}`, async ({ request, baseURL }) => {
      const res =
        route.method === "GET"
          ? await request.get(route.path, { maxRedirects: 0 })
          : await request.post(route.path, { data: {}, headers: { origin: baseURL! }, maxRedirects: 0 });
      expect(res.status(), route.path).toBeLessThan(500);
      expectCommonHeaders(res, route.path);
      const csp = directives(res.headers()["content-security-policy"] ?? "");
      expect(csp.get("default-src"), route.path).toEqual(["'none'"]);
      if (!route.path.includes("no-such-route")) expect(res.headers()["content-type"], route.path).toMatch(/json|csv|event-stream/);
    });
  }

  test("GET /api/events (the live stream) too", async ({ request, baseURL }) => {
    const state = await request.storageState();
    const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const controller = new AbortController();
    const res = await fetch(`${baseURL}/api/events`, { headers: { cookie }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBeTruthy();
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    controller.abort();
  });
});
