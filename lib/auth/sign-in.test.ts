import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/db/audit";
import { authSession, authUser } from "@/lib/db/schema/auth";
import { rowsOf, TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { resetEnvForTests } from "@/lib/env";
import { translator } from "@/lib/i18n/server";
import { auditStoreDown, auditStoreUp, authRequest, callAuth, cookieHeader, createTestAuth, signIn, type TestAuth } from "./test-auth";

const PASSWORD = "a-good-long-password";
// Answers speak the caller's language: Portuguese without a NEXT_LOCALE cookie.
const t = translator("pt-BR");
const SIGN_IN_FAILED_MESSAGE = t("auth.signIn.failed");

describe.each(TEST_ENGINES)("sign-in on $name", (engine) => {
  let store: TestStore;
  let auth: TestAuth;
  beforeAll(async () => {
    store = await engine.open();
    auth = createTestAuth(store.db, {
      throttle: {
        perAccountAddress: { freeFailures: 5, baseWaitSeconds: 30, maxWaitSeconds: 900, forgetAfterSeconds: 3600 },
        perAddress: { freeFailures: 12, baseWaitSeconds: 60, maxWaitSeconds: 3600, forgetAfterSeconds: 3600 },
      },
    });
    for (const [email, role] of [["ana@example.com", "operator"], ["rate@example.com", "viewer"], ["spray@example.com", "viewer"]] as const) {
      await createUser({ email, role, password: PASSWORD }, { db: store.db });
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it("signs in with a server-side session and an HttpOnly, SameSite=Lax cookie", async () => {
    const response = await signIn(auth, "Ana@Example.com", PASSWORD);
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.includes("session_token")) ?? "";
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/;\s*Secure/i); // served over http here
    expect(setCookie).toMatch(/Max-Age=43200/); // 12 h

    const session = await auth.api.getSession({ headers: new Headers({ cookie: cookieHeader(response) }) });
    expect(session?.user).toMatchObject({ email: "ana@example.com", role: "operator" });
    const rows = await store.db.select().from(authSession).where(eq(authSession.userId, session?.user.id ?? ""));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.ipAddress).toBe("203.0.113.7");

    const audit = await listAudit({ action: "auth.sign_in", actor: "ana@example.com" }, store.db);
    expect(audit.entries[0]).toMatchObject({ outcome: "success", ip: "203.0.113.7" });
  });

  it("marks the cookie Secure when the app is served over https", async () => {
    const secure = createTestAuth(store.db, { baseURL: "https://backoffice.example" });
    const response = await callAuth(secure, 
      authRequest("/sign-in/email", { body: { email: "ana@example.com", password: PASSWORD }, baseURL: "https://backoffice.example" }),
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.getSetCookie().find((c) => c.includes("session_token")) ?? "";
    expect(setCookie).toMatch(/;\s*Secure/i);
  });

  it("marks cookies Secure when a trusted proxy says https, never on a client's own X-Forwarded-Proto", async () => {
    const viaProxy = (hops: string | undefined) => {
      if (hops === undefined) delete process.env.TRUSTED_PROXY_HOPS;
      else process.env.TRUSTED_PROXY_HOPS = hops;
      resetEnvForTests();
      const request = authRequest("/sign-in/email", { body: { email: "ana@example.com", password: PASSWORD }, ip: "198.51.100.50" });
      request.headers.set("x-forwarded-proto", "https");
      return callAuth(auth, request);
    };
    try {
      const trusted = await viaProxy("1");
      expect(trusted.status).toBe(200);
      expect(trusted.headers.getSetCookie().find((c) => c.includes("session_token"))).toMatch(/;\s*Secure/i);
      const forged = await viaProxy(undefined);
      expect(forged.status).toBe(200);
      expect(forged.headers.getSetCookie().find((c) => c.includes("session_token"))).not.toMatch(/;\s*Secure/i);
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
      resetEnvForTests();
    }
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const wrong = await signIn(auth, "ana@example.com", "not-the-password", "198.51.100.1");
    const unknown = await signIn(auth, "nobody@example.com", "not-the-password", "198.51.100.1");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    // Everything but the request's own id is the same: nothing tells an unknown email apart.
    const [{ request_id: _w, ...wrongBody }, { request_id: _u, ...unknownBody }] = [await wrong.json(), await unknown.json()];
    expect(wrongBody).toEqual(unknownBody);
    expect(wrong.headers.get("content-type")).toBe("application/problem+json");
    expect(wrongBody).toMatchObject({ status: 401, kind: "unauthenticated", code: "INVALID_EMAIL_OR_PASSWORD" });
    expect(wrongBody.message).toBe(SIGN_IN_FAILED_MESSAGE);

    const failed = await listAudit({ action: "auth.sign_in_failed" }, store.db);
    const emails = failed.entries.map((e) => e.detail.email);
    expect(emails).toEqual(expect.arrayContaining(["ana@example.com", "nobody@example.com"]));
    expect(failed.entries.every((e) => e.actorId === null)).toBe(true);
  });

  it("refuses sign-in with 429 after 5 failures from one IP for one email, even with the right password", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await signIn(auth, "rate@example.com", `wrong-${i}-password`, "192.0.2.50")).status).toBe(401);
    }
    const blocked = await signIn(auth, "rate@example.com", PASSWORD, "192.0.2.50");
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toBe(t("auth.signIn.throttledFor", { wait: t("auth.signIn.seconds", { count: Number(blocked.headers.get("retry-after")) }) }));
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The limit lives in the store, so a second instance on the same store refuses too.
    const otherInstance = createTestAuth(store.db);
    expect((await signIn(otherInstance, "rate@example.com", PASSWORD, "192.0.2.50")).status).toBe(429);
    // Another client (another IP) is not locked out by this one.
    expect((await signIn(auth, "rate@example.com", PASSWORD, "192.0.2.51")).status).toBe(200);
    const throttled = await listAudit({ action: "auth.sign_in_failed", outcome: "throttled" }, store.db);
    expect(throttled.total).toBeGreaterThanOrEqual(2);
  });

  it("never locks an account for every address: 21 failures from rotating addresses leave the real user in", async () => {
    // What a forged X-Forwarded-For used to achieve: each guess seemingly from a new address.
    for (let i = 0; i < 21; i++) {
      expect((await signIn(auth, "spray@example.com", `wrong-${i}-password`, `192.0.2.${100 + i}`)).status).toBe(401);
    }
    expect((await signIn(auth, "spray@example.com", PASSWORD, "198.51.100.200")).status).toBe(200);
  });

  it("throttles one address guessing many accounts, with Retry-After, whatever accounts it tries", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 12; i++) {
      expect((await signIn(auth, `guess-${i}@example.com`, "wrong-password", ip)).status).toBe(401);
    }
    const blocked = await signIn(auth, "ana@example.com", PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(await blocked.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS", retryAfter: expect.any(Number) });
    // Another address is someone else.
    expect((await signIn(auth, "ana@example.com", PASSWORD, "192.0.2.78")).status).toBe(200);
  });

  it("records the client's own address but counts failures per IPv6 /64 network", async () => {
    await createUser({ email: "v6@example.com", role: "viewer", password: PASSWORD }, { db: store.db });
    for (let i = 1; i <= 5; i++) {
      expect((await signIn(auth, "v6@example.com", "wrong-password-v6", `2001:db8:1:2::${i}`)).status).toBe(401);
    }
    const failed = await listAudit({ action: "auth.sign_in_failed", outcome: "invalid_credentials" }, store.db);
    expect(failed.entries.find((e) => e.detail.email === "v6@example.com")?.ip).toBe("2001:db8:1:2::5");
    // Another address of the same /64 is the same client for the limiter.
    expect((await signIn(auth, "v6@example.com", PASSWORD, "2001:db8:1:2::99")).status).toBe(429);
    expect((await signIn(auth, "v6@example.com", PASSWORD, "2001:db8:9:9::1")).status).toBe(200);
  });

  it("refuses a NUL byte or half a character in any field with 422 naming it, before the store sees it", async () => {
    const before = (await listAudit({ action: "auth.sign_in_failed" }, store.db)).total;
    for (const [field, body] of [
      ["email", { email: "ana\u0000@example.com", password: PASSWORD }],
      ["password", { email: "ana@example.com", password: "abc\uD800defgh" }],
      ["email", { email: "\uDFFFana@example.com", password: PASSWORD }],
    ] as const) {
      const response = await callAuth(auth, authRequest("/sign-in/email", { body, ip: "198.51.100.30" }));
      expect(response.status, field).toBe(422);
      const answer = await response.json();
      expect(Object.keys(answer.fields), field).toEqual([field]);
      expect(answer.error).toContain(field);
    }
    const query = await callAuth(auth, authRequest("/get-session?x=%00", { method: "GET", ip: "198.51.100.30" }));
    expect(query.status).toBe(400);
    expect((await query.json()).fields).toHaveProperty("x");
    // Nothing reached Better Auth: no failure audited, nothing counted against the address.
    expect((await listAudit({ action: "auth.sign_in_failed" }, store.db)).total).toBe(before);
    const counted = rowsOf<{ n: number | string }>(await store.db.execute(sql`select count(*) as n from auth_sign_in_failure where key like '%198.51.100.30%'`));
    expect(Number(counted[0]?.n)).toBe(0);
  });

  it("with the audit store down nobody signs in: 503 in the caller's language, and no session is left", async () => {
    await auditStoreDown(store.db);
    try {
      const response = await signIn(auth, "ana@example.com", PASSWORD, "198.51.100.40");
      expect(response.status).toBe(503);
      expect((await response.json()).message).toBe(t("errors.auditUnavailable"));
      const cookie = cookieHeader(response);
      if (cookie) expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
      const user = await store.db.select().from(authUser).where(eq(authUser.email, "ana@example.com"));
      const sessions = rowsOf<{ n: number | string }>(
        await store.db.execute(sql`select count(*) as n from auth_session where user_id = ${user[0]?.id ?? ""} and ip_address = '198.51.100.40'`),
      );
      expect(Number(sessions[0]?.n)).toBe(0);
      // A failed attempt is refused the same way (its row cannot be written either).
      expect((await signIn(auth, "ana@example.com", "wrong-password", "198.51.100.40")).status).toBe(503);
    } finally {
      await auditStoreUp(store.db);
    }
    expect((await signIn(auth, "ana@example.com", PASSWORD, "198.51.100.40")).status).toBe(200);
  });

  it("a deactivated account cannot sign in, even with the right password", async () => {
    await createUser({ email: "gone@example.com", role: "viewer", password: PASSWORD }, { db: store.db });
    await store.db.update(authUser).set({ deactivatedAt: new Date() }).where(eq(authUser.email, "gone@example.com"));
    const response = await signIn(auth, "gone@example.com", PASSWORD, "198.51.100.41");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "ACCOUNT_DEACTIVATED", message: t("auth.signIn.deactivated") });
    expect(cookieHeader(response)).not.toMatch(/session_token=[^;]+/);
    const failed = await listAudit({ action: "auth.sign_in_failed", outcome: "deactivated" }, store.db);
    expect(failed.entries[0]?.target).toBe("gone@example.com");
    // A wrong password still gets the generic answer: nothing tells a deactivated account apart.
    expect((await signIn(auth, "gone@example.com", "wrong-password", "198.51.100.41")).status).toBe(401);
  });

  it("does not let anyone sign up", async () => {
    const response = await callAuth(auth, 
      authRequest("/sign-up/email", { body: { email: "new@example.com", password: PASSWORD, name: "New" } }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    const rows = await store.db.select().from(authUser).where(eq(authUser.email, "new@example.com"));
    expect(rows).toHaveLength(0);
  });

  it("does not let a user change their own role", async () => {
    const cookie = cookieHeader(await signIn(auth, "ana@example.com", PASSWORD, "198.51.100.9"));
    await callAuth(auth, authRequest("/update-user", { body: { role: "admin", name: "Ana" }, cookie }));
    const rows = await store.db.select().from(authUser).where(eq(authUser.email, "ana@example.com"));
    expect(rows[0]?.role).toBe("operator");
  });

  it("signs out: the session is gone from the store and the sign-out is audited", async () => {
    const cookie = cookieHeader(await signIn(auth, "ana@example.com", PASSWORD, "198.51.100.10"));
    const before = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(before).not.toBeNull();
    const out = await callAuth(auth, authRequest("/sign-out", { body: {}, cookie, ip: "198.51.100.10" }));
    expect(out.status).toBe(200);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
    const token = rowsOf<{ n: number | string }>(
      await store.db.execute(sql`select count(*) as n from auth_session where id = ${before?.session.id ?? ""}`),
    );
    expect(Number(token[0]?.n)).toBe(0);
    const audit = await listAudit({ action: "auth.sign_out" }, store.db);
    expect(audit.entries[0]).toMatchObject({ actorEmail: "ana@example.com", outcome: "success", ip: "198.51.100.10" });
  });

  it("ends an expired session", async () => {
    const cookie = cookieHeader(await signIn(auth, "ana@example.com", PASSWORD, "198.51.100.11"));
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    await store.db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSession.id, session?.session.id ?? ""));
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("refuses a cross-origin sign-in POST", async () => {
    const response = await callAuth(auth, 
      authRequest("/sign-in/email", {
        body: { email: "ana@example.com", password: PASSWORD },
        origin: "https://evil.example",
        ip: "198.51.100.12",
      }),
    );
    expect(response.status).toBe(403);
  });

  it("keeps Better Auth's per-IP request counters in the store", async () => {
    const rows = rowsOf<{ n: number | string }>(await store.db.execute(sql`select count(*) as n from auth_rate_limit`));
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
  });
});
