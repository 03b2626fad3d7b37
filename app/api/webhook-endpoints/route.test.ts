import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createServiceAccount, issueToken } from "@/lib/service-accounts/service";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string; role: string } }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: string) => {
      const user = auth.user;
      if (!user) return { response: guardRefusal(401, "sign in") };
      return can(user.role as never, permission as never) ? { user } : { response: guardRefusal(403, "forbidden") };
    }),
  };
});

const { GET, POST } = await import("./route");
const { PATCH } = await import("./[id]/route");
const { GET: FEED } = await import("@/app/api/events/feed/route");

const APP = "http://localhost:3000";
const ADMIN = { id: "we-admin", email: "admin@we.test", name: "Ad", role: "admin" };
const OPERATOR = { id: "we-op", email: "operator@we.test", name: "Op", role: "operator" };
const json = (method: string, url: string, body: unknown, locale = "en") =>
  new Request(`${APP}${url}`, { method, headers: { "content-type": "application/json", origin: APP, cookie: `NEXT_LOCALE=${locale}` }, body: JSON.stringify(body) });

describe.each(TEST_ENGINES)("the ERP API on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    await seedTestPeople(store.db, [ADMIN, OPERATOR]);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  it("an admin adds an endpoint and sees its secret once; the list never shows it; an operator may not", async () => {
    auth.user = ADMIN;
    const created = await POST(json("POST", "/api/webhook-endpoints", { url: "https://erp.example.com/pix", events: ["transfer.*", "batch.completed"], description: "ERP" }));
    expect(created.status).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: { id: string; secret: string; events: string[] } };
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = (await (await GET(new Request(`${APP}/api/webhook-endpoints`))).json()) as { endpoints: Array<Record<string, unknown>> };
    expect(listed.endpoints.map((e) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    const rotated = await PATCH(json("PATCH", `/api/webhook-endpoints/${endpoint.id}`, { rotate_secret: true }), { params: Promise.resolve({ id: endpoint.id }) });
    const rotatedBody = (await rotated.json()) as { endpoint: { secret?: string } };
    expect(rotatedBody.endpoint.secret).toMatch(/^whsec_/);
    expect(rotatedBody.endpoint.secret).not.toBe(endpoint.secret);

    auth.user = OPERATOR;
    expect((await GET(new Request(`${APP}/api/webhook-endpoints`))).status).toBe(403);
  });

  it("bad input is a 422 in the caller's language and changes nothing", async () => {
    auth.user = ADMIN;
    const before = ((await (await GET(new Request(`${APP}/api/webhook-endpoints`))).json()) as { endpoints: unknown[] }).endpoints.length;
    const bad = await POST(json("POST", "/api/webhook-endpoints", { url: "ftp://erp.example.com", events: ["transfer.*"] }, "pt-BR"));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: string }).error).toBe("Informe uma URL http(s) completa, com até 2000 caracteres");
    const badPattern = await POST(json("POST", "/api/webhook-endpoints", { url: "https://erp.example.com", events: ["transfer.*\u0000"] }));
    expect(badPattern.status).toBe(422);
    const after = ((await (await GET(new Request(`${APP}/api/webhook-endpoints`))).json()) as { endpoints: unknown[] }).endpoints.length;
    expect(after).toBe(before);
  });

  it("a service token reads the change feed; a malformed cursor is a 400", async () => {
    const account = await createServiceAccount({ db: store.db }, { name: "ERP feed", role: "operator" }, ADMIN);
    // (An operator token needs a second admin in the API; the store call here is what that confirmation runs.)
    const issued = await issueToken({ db: store.db }, account.id, { expires_in_days: null, rate_per_minute: 600 }, ADMIN, {});
    auth.user = null;
    const read = (query: string) => FEED(new Request(`${APP}/api/events/feed${query}`, { headers: { authorization: `Bearer ${issued.value}` } }));
    const page = await read("?after=0&limit=5");
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ events: expect.any(Array), next_cursor: expect.any(String) });
    // Each answer to a token says what is left of its minute (IETF RateLimit fields).
    expect(page.headers.get("ratelimit-policy")).toBe('"token";q=600;w=60');
    expect(page.headers.get("ratelimit")).toMatch(/^"token";r=599;t=\d+$/);
    const refused = await read("?after=-1");
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("ratelimit")).toMatch(/^"token";r=598;t=\d+$/);
    expect((await read("?limit=100000")).status).toBe(400);
  });

  it("a token it does not know is a 401 problem with a Bearer challenge", async () => {
    auth.user = null;
    const res = await FEED(new Request(`${APP}/api/events/feed?after=0`, { headers: { authorization: "Bearer pixbo_not-a-token" } }));
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="api", error="invalid_token"');
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toMatchObject({ status: 401, kind: "unauthenticated", title: "Unauthorized", request_id: res.headers.get("x-request-id") });
  });
});
