import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { authUser } from "@/lib/db/schema/auth";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { getAuth } from "./auth";
import { getSessionUser, requireApiUser, requirePageUser } from "./guard";
import { can, PERMISSIONS, ROLES, type Permission, type Role } from "./roles";
import { authRequest, callAuth, cookieHeader } from "./test-auth";

class Redirected extends Error {
  constructor(readonly url: string) {
    super(`redirect ${url}`);
  }
}

const requestHeaders = vi.hoisted(() => ({ current: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => requestHeaders.current }));
vi.mock("next/navigation", async (importOriginal) => ({
  // Next.js's own forbidden() (enabled by next.config's authInterrupts, as in the build).
  forbidden: (await importOriginal<typeof import("next/navigation")>()).forbidden,
  redirect: (url: string) => {
    throw new Redirected(url);
  },
}));
process.env.__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS = "true";

const PASSWORD = "guard-test-password";
const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

it("next.config enables forbidden() (authInterrupts): without it a refused page would be a 500", async () => {
  const config = (await import("@/next.config")).default;
  expect(config.experimental?.authInterrupts).toBe(true);
});

describe.each(TEST_ENGINES)("guard on $name", (engine) => {
  let store: TestStore;
  const cookies = {} as Record<Role, string>;

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    const auth = await getAuth();
    for (const role of ROLES) {
      await createUser({ email: `${role}@guard.test`, role, password: PASSWORD }, { db: store.db });
      const response = await callAuth(auth, 
        authRequest("/sign-in/email", {
          body: { email: `${role}@guard.test`, password: PASSWORD },
          baseURL: getEnv().appUrl,
          ip: `198.18.0.${ROLES.indexOf(role) + 1}`,
        }),
      );
      expect(response.status).toBe(200);
      cookies[role] = cookieHeader(response);
    }
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  function apiRequest(cookie?: string): Request {
    return new Request(`${getEnv().appUrl}/api/anything`, { headers: cookie ? { cookie } : {} });
  }

  it("knows the signed-in user and role from the session cookie", async () => {
    expect(await getSessionUser(new Headers({ cookie: cookies.support }))).toMatchObject({
      email: "support@guard.test",
      role: "support",
    });
    expect(await getSessionUser(new Headers())).toBeNull();
    expect(await getSessionUser(new Headers({ cookie: "pix.session_token=forged.value" }))).toBeNull();
  });

  it("a signed-out session stops working at once, although session lookups are memoised", async () => {
    const auth = await getAuth();
    const res = await callAuth(auth, 
      authRequest("/sign-in/email", { body: { email: "viewer@guard.test", password: PASSWORD }, ip: "203.0.113.77" }),
    );
    expect(res.status).toBe(200);
    const cookie = cookieHeader(res);
    expect(await getSessionUser(new Headers({ cookie }))).not.toBeNull();
    const out = await callAuth(auth, authRequest("/sign-out", { body: {}, cookie, ip: "203.0.113.77" }));
    expect(out.status).toBe(200);
    expect(await getSessionUser(new Headers({ cookie }))).toBeNull();
  });

  it.each(PERMISSION_NAMES)("answers a 401 problem with a Bearer challenge without a session (%s)", async (permission) => {
    const gate = await requireApiUser(apiRequest(), permission);
    expect("response" in gate).toBe(true);
    if (!("response" in gate)) return;
    expect(gate.response.status).toBe(401);
    expect(gate.response.headers.get("content-type")).toBe("application/problem+json");
    expect(gate.response.headers.get("www-authenticate")).toMatch(/^Bearer realm="api"/);
    expect(await gate.response.json()).toMatchObject({ error: "É preciso entrar", detail: "É preciso entrar", status: 401, kind: "unauthenticated", request_id: expect.any(String) });
  });

  it("answers in the caller's language (NEXT_LOCALE cookie)", async () => {
    const english = new Request(`${getEnv().appUrl}/api/anything`, { headers: { cookie: `NEXT_LOCALE=en; ${cookies.viewer}` } });
    const gate = await requireApiUser(english, "approve");
    if (!("response" in gate)) throw new Error("a viewer may not approve");
    expect(await gate.response.json()).toMatchObject({
      error: "Your role (Viewer (finance)) may not approve or reject transfers",
      kind: "forbidden",
      status: 403,
      allowed_roles: ["approver", "admin"],
    });
    const signedOut = await requireApiUser(new Request(`${getEnv().appUrl}/x`, { headers: { cookie: "NEXT_LOCALE=en" } }), "export");
    if (!("response" in signedOut)) throw new Error("no session");
    expect(await signedOut.response.json()).toMatchObject({ error: "Sign in required", kind: "unauthenticated" });
  });

  it("lets each role through exactly the permissions the table grants, 403 JSON otherwise", async () => {
    for (const role of ROLES) {
      for (const permission of PERMISSION_NAMES) {
        const gate = await requireApiUser(apiRequest(cookies[role]), permission);
        if (can(role, permission)) {
          expect(gate, `${role} may ${permission}`).toMatchObject({ user: { role } });
        } else {
          expect("response" in gate, `${role} may not ${permission}`).toBe(true);
          if (!("response" in gate)) continue;
          expect(gate.response.status).toBe(403);
          const body = await gate.response.json();
          expect(body.error).toMatch(/^Seu perfil \(.+\) não pode /);
          expect(body.allowed_roles).toEqual(PERMISSIONS[permission]);
        }
      }
    }
  });

  it("sends a page visitor without a session to /login with the way back", async () => {
    requestHeaders.current = new Headers();
    await expect(requirePageUser("viewPayments", "/payments?status=PAID")).rejects.toMatchObject({
      url: "/login?next=%2Fpayments%3Fstatus%3DPAID",
    });
    await expect(requirePageUser("viewPayments", "//evil.example/x")).rejects.toMatchObject({ url: "/login" });
  });

  it("answers a signed-in user without the role with a 403 at the page's own address (no redirect)", async () => {
    requestHeaders.current = new Headers({ cookie: cookies.viewer });
    await expect(requirePageUser("register", "/payments/new")).rejects.toMatchObject({ digest: "NEXT_HTTP_ERROR_FALLBACK;403" });
    // Viewers read transfers (read-only) now, approvers the alerts.
    await expect(requirePageUser("viewTransfers", "/transfers")).resolves.toMatchObject({ role: "viewer" });
    requestHeaders.current = new Headers({ cookie: cookies.approver });
    await expect(requirePageUser("alerts", "/alerts")).resolves.toMatchObject({ role: "approver" });
    requestHeaders.current = new Headers({ cookie: cookies.operator });
    await expect(requirePageUser("register", "/payments/new")).resolves.toMatchObject({ role: "operator" });
  });

  it("a deactivated user's existing session stops working", async () => {
    const cookie = cookieHeader(
      await callAuth(await getAuth(), authRequest("/sign-in/email", { body: { email: "support@guard.test", password: PASSWORD }, ip: "203.0.113.78" })),
    );
    expect(await getSessionUser(new Headers({ cookie }))).not.toBeNull();
    await store.db.update(authUser).set({ deactivatedAt: new Date() }).where(eq(authUser.email, "support@guard.test"));
    try {
      expect(await getSessionUser(new Headers({ cookie }))).toBeNull();
      const gate = await requireApiUser(apiRequest(cookie), "viewPayments");
      expect("response" in gate && gate.response.status).toBe(401);
    } finally {
      await store.db.update(authUser).set({ deactivatedAt: null }).where(eq(authUser.email, "support@guard.test"));
      }
  });

  it("with REQUIRE_2FA, an operator without a second factor may only set one up", async () => {
    process.env.REQUIRE_2FA = "true";
    resetEnvForTests();
    try {
      const user = await getSessionUser(new Headers({ cookie: cookies.operator }));
      expect(user).toMatchObject({ role: "operator", twoFactorEnabled: false, needsSecondFactor: true });
      const gate = await requireApiUser(apiRequest(cookies.operator), "viewPayments");
      if (!("response" in gate)) throw new Error("an operator without a second factor got through");
      expect(gate.response.status).toBe(403);
      expect(await gate.response.json()).toMatchObject({ kind: "second_factor_required" });
      requestHeaders.current = new Headers({ cookie: cookies.operator });
      await expect(requirePageUser("viewPayments", "/payments?status=sent")).rejects.toMatchObject({
        url: "/settings/security?next=%2Fpayments%3Fstatus%3Dsent",
      });
      // Roles that cannot move money are not asked.
      expect(await getSessionUser(new Headers({ cookie: cookies.viewer }))).toMatchObject({ needsSecondFactor: false });
    } finally {
      delete process.env.REQUIRE_2FA;
      resetEnvForTests();
      }
    expect(await getSessionUser(new Headers({ cookie: cookies.operator }))).toMatchObject({ needsSecondFactor: false });
  });
});
