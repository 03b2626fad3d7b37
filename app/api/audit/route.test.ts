import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authRequest, cookieHeader } from "@/lib/auth/test-auth";
import { getAuth } from "@/lib/auth/auth";
import { getDb, setStoreForTests } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { GET } from "./route";

describe.each(TEST_ENGINES)("GET /api/audit on $name", (engine) => {
  let store: TestStore;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    const auth = await getAuth();
    for (const role of ["admin", "operator"] as const) {
      await createUser({ email: `${role}@audit-route.test`, role, password: "audit-route-password" }, { db: store.db });
      const res = await auth.handler(
        authRequest("/sign-in/email", {
          body: { email: `${role}@audit-route.test`, password: "audit-route-password" },
          baseURL: getEnv().appUrl,
          ip: role === "admin" ? "198.18.1.1" : "198.18.1.2",
        }),
      );
      cookies[role] = cookieHeader(res);
    }
    for (let i = 0; i < 3; i++) {
      await recordAudit({ actor: { id: "x", email: "operator@audit-route.test" }, action: "payment.export", outcome: "exported", detail: { rows: i } }, await getDb());
    }
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  const get = (query: string, cookie?: string) =>
    GET(new Request(`${getEnv().appUrl}/api/audit${query}`, { headers: cookie ? { cookie } : {} }), { params: Promise.resolve({}) });

  it("answers 401 without a session and 403 to a non-admin", async () => {
    expect((await get("")).status).toBe(401);
    const refused = await get("", cookies.operator);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("Seu perfil (Operador) não pode ver a trilha de auditoria");
  });

  it("lists filtered entries, newest first, with the total, uncached", async () => {
    const res = await get("?action=payment.export&pageSize=2", cookies.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
    expect(body.entries.map((e: { detail: { rows: number } }) => e.detail.rows)).toEqual([2, 1]);
    const signIns = await (await get("?action=auth.sign_in", cookies.admin)).json();
    expect(signIns.total).toBe(2);
  });

  it("refuses bad filters with 400 and the field", async () => {
    const res = await get("?from=last-week&page=0", cookies.admin);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.fields).sort()).toEqual(["from", "page"]);
  });

  it("follows nextCursor to the next page, and refuses a cursor it did not give", async () => {
    const first = await (await get("?action=payment.export&pageSize=2", cookies.admin)).json();
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = await get(`?action=payment.export&pageSize=2&cursor=${encodeURIComponent(first.nextCursor)}`, cookies.admin);
    expect(next.status).toBe(200);
    const second = await next.json();
    expect(second.entries.map((e: { detail: { rows: number } }) => e.detail.rows)).toEqual([0]);
    expect(second.nextCursor).toBeNull();
    const forged = await get(`?cursor=${encodeURIComponent(btoa("1.x'; drop table audit_log"))}`, cookies.admin);
    expect(forged.status).toBe(400);
    const refused = await forged.json();
    expect(Object.keys(refused.fields)).toEqual(["cursor"]);
    expect(refused.fields.cursor).toBe("Este cursor não veio desta lista: recomece da primeira página");
  });
});
