import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { problemSchema } from "@/lib/domain/errors";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { AUTH_BODY_LIMIT, JSON_BODY_LIMIT } from "@/lib/http/body";
import { installMethodGate } from "@/lib/http/method-gate";
import type { DeclaredRoute } from "@/lib/http/route";
import { MAX_UPLOAD_BODY_BYTES } from "@/lib/batches/limits";
import { MAX_WEBHOOK_BODY_BYTES } from "@/lib/events/verify";
import { apiRoutes, badText, countedStream, injectedRequests, routeRequest, sampleContext, samplePath, UPLOAD_ROUTES } from "@/lib/testing/api-route-fuzz";

// Property: thousands of generated bad inputs at every route handler: 100% 4xx JSON in our error
// shape, zero 5xx, zero upstream calls, zero audit entries.
const ADMIN = { id: "u-admin", email: "admin@demo.test", name: "A", role: "admin", sessionId: "s-admin", verifiedAt: new Date(), twoFactorEnabled: false, needsSecondFactor: false } as const;
vi.mock("@/lib/auth/guard", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/auth/guard")>()),
  requireApiUser: vi.fn(async () => ({ user: ADMIN })),
  getSessionUser: vi.fn(async () => ADMIN),
}));
const audit = vi.hoisted(() => ({ recordAudit: vi.fn(async () => {}) }));
vi.mock("@/lib/db/audit", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/db/audit")>()), ...audit }));

const payments = await import("./route");
const payment = await import("./[idempotent_id]/route");
const qrcode = await import("../qrcodes/[end_to_end]/route");

let t: TestSandbox;
let store: TestStore;
beforeAll(async () => {
  t = await startTestSandbox();
  // A real (empty) store: a route that hands broken text to the database fails as it would in production.
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
});
afterAll(async () => {
  // A route that opened the event bus (the live stream) must let it go before its store closes.
  const { getEventBus, setEventBusForTests } = await import("@/lib/events/runtime");
  await (await getEventBus().catch(() => null))?.close();
  setEventBusForTests(undefined);
  setStoreForTests(undefined);
  await store?.close();
  await t.close();
});
beforeEach(() => {
  t.calls.length = 0;
});

const APP = "http://localhost:3000";
const seen = { total: 0 };
async function expectRefused(res: Response, label: unknown): Promise<void> {
  seen.total += 1;
  if (res.status < 400 || res.status >= 500) throw new Error(`status ${res.status} for ${JSON.stringify(label)}`);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = problemSchema.safeParse(await res.json());
  if (!body.success || !body.data.error) throw new Error(`not our error shape for ${JSON.stringify(label)}`);
}

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("../", "%2e%2e%2f", "\u0000", "\r\n", "<script>", "' OR 1=1 --", "1e309", "NaN", "-0", "[]", "{}"),
);
const long = (min: number) => fc.string({ minLength: min + 1, maxLength: min + 200 }).filter((s) => s.length > min);

/** List parameters with exactly one thing wrong (bad by construction, not by our schema). */
const badListQuery = fc.oneof(
  fc.record({ page: fc.oneof(fc.constantFrom("0", "-1", "1.5", "abc", "1,5", "99999999999", "0x10"), junk.filter((s) => !/^\s*\+?\d+\s*$/.test(s) && s !== "")) }),
  fc.record({ registration_start_date: fc.constantFrom("2026-11-01T00:00:00") }),
  fc.record({ payment_end_date: fc.constantFrom("2026-11-30T23:59:59") }),
  fc.record({
    registration_start_date: fc.oneof(junk, fc.constantFrom("2026-11-01", "2026-11-01 00:00:00", "2026-11-01T00:00:00Z", "01/11/2026")).filter((s) => s !== ""),
    registration_end_date: fc.constant("2026-11-30T23:59:59"),
  }),
  fc.record({ receiver_document: fc.oneof(long(14).map((s) => s.replace(/\D/g, "1").padEnd(15, "1")), junk.filter((s) => s !== "" && !/^\d+$/.test(s))) }),
  fc.record({ status: junk.filter((s) => s !== "" && !/^[a-z_]{1,40}$/.test(s)) }),
  fc.record({ receiver_name: long(100) }),
  fc.record({ reference_code: long(100) }),
  fc.record({ end_to_end: long(32) }),
);

/** Ids that could change an upstream path, or are simply not ids. */
const badId = fc.oneof(
  fc.tuple(fc.string({ maxLength: 20 }), fc.constantFrom("/../", "/./", "//", "?", "#", "\\", "\u0000", "\n", "\u007f", "%2f", "%2E"), fc.string({ maxLength: 20 })).map(([a, b, c]) => a + b + c),
  fc.constantFrom("", " ", "..", ".", "../x", "x/..", "/x", "x/"),
  fc.string({ minLength: 1, maxLength: 10 }).map((s) => ` ${s}`),
  long(255),
);
const badE2e = fc.oneof(
  fc.string({ maxLength: 40 }).filter((s) => !/^[A-Za-z0-9]{1,32}$/.test(s)),
  fc.stringMatching(/^[A-Za-z0-9]{33,60}$/),
);

const bodyMutations = fc.oneof(
  fc.record({ value_cents: fc.oneof(fc.constantFrom(0, -1, 1.5, 100_000_001, Number.MAX_SAFE_INTEGER), fc.string(), fc.constant(null)) }),
  fc.record({ receiver_document: fc.oneof(fc.constantFrom("12345678900", "00000000000", "11111111111111", ""), junk) }),
  fc.record({ idempotent_id: fc.oneof(fc.constantFrom("", "has space", "a/../b"), long(255)) }),
  fc.record({ pix_key: fc.constantFrom("", "not-an-email", "@example.com") }),
  fc.record({ pix_key_type: fc.oneof(fc.constantFrom("evp", "CPF", ""), junk) }),
  fc.record({ initiation_type: fc.oneof(fc.constantFrom("manual", "DICT", "pix"), junk) }),
  fc.record({ receiver_name: fc.oneof(fc.constant(""), long(100)) }),
  fc.record({ authorized: fc.oneof(fc.constantFrom("true", 1, "yes"), junk) }),
);
const badBody = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: 1e9 }), bodyMutations).map(([n, m]) => JSON.stringify({ ...dictBody(`fuzz-${n}`), ...m })),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 60 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

describe("fuzzing every route handler with bad input", () => {
  it("GET /api/payments: bad list parameters", async () => {
    await fc.assert(
      fc.asyncProperty(badListQuery, async (params) => {
        const qs = new URLSearchParams(params).toString();
        await expectRefused(await payments.GET(new Request(`${APP}/api/payments?${qs}`), undefined), params);
      }),
      { numRuns: 1200 },
    );
    expect(t.calls).toHaveLength(0);
  });

  it("GET /api/payments/{idempotent_id}: ids that could change the upstream path", async () => {
    await fc.assert(
      fc.asyncProperty(badId, async (id) => {
        const res = await payment.GET(new Request(`${APP}/api/payments/x`), { params: Promise.resolve({ idempotent_id: id }) });
        await expectRefused(res, id);
      }),
      { numRuns: 1200 },
    );
    expect(t.calls).toHaveLength(0);
  });

  it("GET /api/qrcodes/{end_to_end}: not 1-32 letters and digits", async () => {
    await fc.assert(
      fc.asyncProperty(badE2e, async (e2e) => {
        const res = await qrcode.GET(new Request(`${APP}/api/qrcodes/x`), { params: Promise.resolve({ end_to_end: e2e }) });
        await expectRefused(res, e2e);
      }),
      { numRuns: 800 },
    );
    expect(t.calls).toHaveLength(0);
  });

  it("POST /api/payments: broken bodies, wrong types and foreign origins", async () => {
    const contentType = fc.constantFrom("application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "");
    const origin = fc.constantFrom("http://localhost:3000", "http://localhost:3000", "https://evil.example", "null");
    await fc.assert(
      fc.asyncProperty(badBody, contentType, origin, async (body, type, from) => {
        const res = await payments.POST(
          new Request(`${APP}/api/payments`, { method: "POST", headers: { "content-type": type, origin: from, host: "localhost:3000" }, body }),
          undefined,
        );
        await expectRefused(res, { body, type, from });
      }),
      { numRuns: 1500 },
    );
    expect(t.calls).toHaveLength(0);
    expect(audit.recordAudit).not.toHaveBeenCalled();
    expect(seen.total).toBeGreaterThanOrEqual(4_700);
  });
});

describe("NUL bytes and lone surrogates at every route, in params, query and body", () => {
  const routes = apiRoutes();

  it("finds every route file under app/api", () => {
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(["/api/payments", "/api/auth/[...all]", "/api/webhooks/pix", "/api/health"]));
  });

  for (const route of routes) {
    it(`${route.path}: refused with 400/422 naming the field, before the store or the provider`, async () => {
      const handlers = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...route.methods), badText, fc.nat(), async (method, bad, pick) => {
          const handler = handlers[method] as (request: Request, context: unknown) => Promise<Response>;
          for (const injected of injectedRequests(route, method, bad, pick, APP)) {
            const res = await handler(injected.request, injected.context);
            const label = `${method} ${route.path} (${injected.where} ${injected.field}) ${JSON.stringify(bad)}`;
            if (route.path === "/api/[...unknown]") {
              expect(res.status, label).toBe(404);
              continue;
            }
            if (route.path === "/api/webhooks/pix" && injected.where === "body") {
              // The provider's deliveries carry no field names back: a 4xx in our shape, logged as rejected.
              await expectRefused(res, label);
              continue;
            }
            if (res.status !== 400 && res.status !== 422) {
              await res.body?.cancel().catch(() => undefined);
              expect.fail(`${label}: answered ${res.status}`);
            }
            const body = problemSchema.safeParse(await res.json().catch(() => null));
            expect(body.success, label).toBe(true);
            const named = Object.keys(body.success ? (body.data.fields ?? {}) : {});
            expect(named.some((name) => injected.accept.includes(name)), `${label}: fields ${named.join(", ")}`).toBe(true);
          }
        }),
        { numRuns: 40 },
      );
      expect(t.calls, route.path).toHaveLength(0);
      expect(audit.recordAudit, route.path).not.toHaveBeenCalled();
    });
  }
});

describe("every route: bodies over its limit, deep nesting, methods it does not serve", () => {
  const routes = apiRoutes();
  const MUTATING = ["POST", "PUT", "PATCH", "DELETE"];
  const limitOf = (path: string) =>
    path === "/api/auth/[...all]" ? AUTH_BODY_LIMIT : UPLOAD_ROUTES.has(path) ? MAX_UPLOAD_BODY_BYTES : path === "/api/webhooks/pix" ? MAX_WEBHOOK_BODY_BYTES : JSON_BODY_LIMIT;
  type Handler = ((request: Request, context: unknown) => Promise<Response>) & { declared?: DeclaredRoute };

  for (const route of routes) {
    const methods = route.methods.filter((m) => MUTATING.includes(m));
    if (methods.length === 0 || route.path === "/api/[...unknown]") continue;
    it(`${route.path}: 413 for a declared or a chunked 450 MB body, 400 for JSON 100 levels deep; never a 5xx, never read past the limit`, async () => {
      const handlers = (await import(/* @vite-ignore */ route.file)) as Record<string, Handler>;
      const limit = limitOf(route.path);
      for (const method of methods) {
        const handler = handlers[method]!;
        const label = `${method} ${route.path}`;
        const declared = countedStream(450_000_000);
        const refused = await handler(routeRequest(route, method, APP, declared.body, { "content-length": "450000000" }), sampleContext(route));
        expect(refused.status, `${label} declared`).toBe(413);
        expect(declared.pulled(), `${label} declared`).toBeLessThanOrEqual(16 * 1024);

        const chunked = countedStream(450_000_000);
        const cut = await handler(routeRequest(route, method, APP, chunked.body), sampleContext(route));
        // 413 once the body is read; a route that refuses its params first never reads it at all.
        expect([413, 400, 404], `${label} chunked: ${cut.status}`).toContain(cut.status);
        expect(chunked.pulled(), `${label} chunked`).toBeLessThanOrEqual(limit + 2 * 16 * 1024);
        await cut.body?.cancel();

        const deep = await handler(routeRequest(route, method, APP, `${'{"a":'.repeat(100)}1${"}".repeat(100)}`), sampleContext(route));
        expect(deep.status, `${label} deep`).toBeLessThan(500);
        const reads = handler.declared?.body ?? "json"; // Better Auth's door reads JSON too
        if (reads === "json" || route.path === "/api/webhooks/pix") expect([400, 404], `${label} deep: ${deep.status}`).toContain(deep.status);
        await deep.body?.cancel();
      }
      expect(t.calls, route.path).toHaveLength(0);
    });
  }

  it("answers every method a route does not export, and TRACE, with 405 + Allow + JSON before Next.js", async () => {
    installMethodGate();
    const server = http.createServer((_req, res) => res.end("reached the app"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = http.request({ host: "127.0.0.1", port, method, path }, (res) => {
          let body = "";
          res.on("data", (c: Buffer) => (body += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on("error", reject);
        req.end();
      });
    try {
      let checked = 0;
      for (const route of routes) {
        const served = new Set([...route.methods, "OPTIONS", ...(route.methods.includes("GET") ? ["HEAD"] : [])]);
        for (const method of ["TRACE", "GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => !served.has(m))) {
          const res = await send(method, samplePath(route));
          expect(res.status, `${method} ${route.path}`).toBe(405);
          expect(res.allow?.split(", ").sort(), `${method} ${route.path}`).toEqual([...served].sort());
          expect(JSON.parse(res.body).error, `${method} ${route.path}`).toEqual(expect.any(String));
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(routes.length * 3);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
