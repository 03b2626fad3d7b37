import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getAuth } from "@/lib/auth/auth";
import { auditStoreDown, auditStoreUp, authRequest, callAuth, cookieHeader } from "@/lib/auth/test-auth";
import type { UserView } from "@/lib/auth/user-view";
import { setStoreForTests } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { authSession, authTwoFactor, authUser } from "@/lib/db/schema/auth";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { GET, POST } from "./route";
import { PATCH } from "./[id]/route";

const PASSWORD = "users-test-password";
let ipCounter = 0;
const ip = () => `203.0.113.${10 + (ipCounter++ % 200)}`;

describe.each(TEST_ENGINES)("/api/users on $name", (engine) => {
  let store: TestStore;
  let admin: string;
  let viewer: string;
  let app: string;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    app = getEnv().appUrl;
    for (const [email, role] of [["root@users.test", "admin"], ["vera@users.test", "viewer"]] as const) {
      await createUser({ email, role, password: PASSWORD }, { db: store.db });
    }
    admin = await signInCookie("root@users.test", PASSWORD);
    viewer = await signInCookie("vera@users.test", PASSWORD);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  async function signInCookie(email: string, password: string): Promise<string> {
    const response = await callAuth(await getAuth(), authRequest("/sign-in/email", { body: { email, password }, ip: ip(), baseURL: app }));
    expect(response.status, `sign-in of ${email}`).toBe(200);
    return cookieHeader(response);
  }
  const call = (method: "GET" | "POST" | "PATCH", path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) =>
    new Request(`${app}${path}`, {
      method,
      headers: { cookie: `NEXT_LOCALE=en; ${cookie}`, origin: app, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const patch = (id: string, body: unknown, cookie = admin) => PATCH(call("PATCH", `/api/users/${id}`, cookie, body), { params: Promise.resolve({ id }) });
  const idOf = async (email: string) => (await store.db.select().from(authUser).where(eq(authUser.email, email)))[0]?.id ?? "";

  it("adds a user with a one-time set-password link that Better Auth's /reset-password accepts once", async () => {
    // A role that may move money waits for a second admin (lib/admin-changes): 202, nobody created.
    const waits = await POST(call("POST", "/api/users", admin, { email: "Otto@Users.test", role: "operator" }), undefined as never);
    expect(waits.status).toBe(202);
    expect(await waits.json()).toMatchObject({ pending_change: { state: "pending", change: { kind: "new_account", email: "otto@users.test", role: "operator" } } });
    expect(await idOf("otto@users.test")).toBe("");

    const response = await POST(call("POST", "/api/users", admin, { email: "Nina@Users.test", name: "Nina", role: "support" }), undefined as never);
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { user: UserView; setPasswordUrl: string; linkHours: number };
    expect(answer.user).toMatchObject({ email: "nina@users.test", role: "support", hasPassword: false, deactivatedAt: null });
    const link = new URL(answer.setPasswordUrl);
    expect(link.pathname).toBe("/login/set-password");
    const token = link.searchParams.get("token") ?? "";
    // The store keeps a hash only: the token itself is nowhere in it.
    const stored = await store.db.execute(`select identifier from auth_verification where value = '${answer.user.id}'`);
    expect(JSON.stringify(stored)).not.toContain(token);
    // No password yet: nobody can sign in as Nina.
    const early = await callAuth(await getAuth(), authRequest("/sign-in/email", { body: { email: "nina@users.test", password: "whatever-password" }, ip: ip() }));
    expect(early.status).toBe(401);

    const set = await callAuth(await getAuth(), authRequest("/reset-password", { body: { newPassword: "ninas-own-password", token }, ip: ip() }));
    expect(set.status).toBe(200);
    await signInCookie("nina@users.test", "ninas-own-password");
    const again = await callAuth(await getAuth(), authRequest("/reset-password", { body: { newPassword: "another-password", token }, ip: ip() }));
    expect(again.status).toBe(400);

    const audit = await listAudit({ actor: "root@users.test", action: "user.create" }, store.db);
    expect(audit.entries[0]).toMatchObject({ target: "nina@users.test", detail: { role: "support", set_password_link: true, via: "web" } });
    const setAudit = await listAudit({ action: "user.password_set" }, store.db);
    expect(setAudit.entries.map((e) => [e.actorEmail, e.outcome])).toEqual(expect.arrayContaining([["nina@users.test", "success"]]));
  });

  it("lists users with role, status and second factor; refuses a duplicate email and a bad one naming the field", async () => {
    const list = (await (await GET(call("GET", "/api/users", admin), undefined as never)).json()) as { users: UserView[] };
    expect(list.users.map((u) => u.email)).toEqual(expect.arrayContaining(["root@users.test", "vera@users.test", "nina@users.test"]));
    expect(list.users.find((u) => u.email === "root@users.test")).toMatchObject({ role: "admin", hasPassword: true, twoFactorEnabled: false });
    const duplicate = await POST(call("POST", "/api/users", admin, { email: "vera@users.test", role: "viewer" }), undefined as never);
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ error: "There is already a user with this email", fields: { email: expect.any(String) } });
    const bad = await POST(call("POST", "/api/users", admin, { email: "not-an-email", role: "boss" }), undefined as never);
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).fields)).toEqual(["role"]);
  });

  it("is for admins only, and refuses a foreign Origin even with a matching X-Forwarded-Host", async () => {
    expect((await GET(call("GET", "/api/users", viewer), undefined as never)).status).toBe(403);
    const forged = await POST(
      call("POST", "/api/users", admin, { email: "evil@users.test", role: "admin" }, { origin: "http://evil.example", "x-forwarded-host": "evil.example" }),
      undefined as never,
    );
    expect(forged.status).toBe(403);
    expect(await idOf("evil@users.test")).toBe("");
  });

  it("changes a role; one's own account only through another admin, and never the last active admin", async () => {
    const vera = await idOf("vera@users.test");
    const promoted = await patch(vera, { role: "support" });
    expect(promoted.status).toBe(200);
    expect((await promoted.json()).user.role).toBe("support");
    const root = await idOf("root@users.test");
    for (const change of [{ role: "viewer" }, { deactivated: true }]) {
      const refused = await patch(root, change);
      expect(refused.status, JSON.stringify(change)).toBe(403);
      expect((await refused.json()).error).toMatch(/^Another admin must make this change to your own account/);
    }
    expect((await store.db.select().from(authUser).where(eq(authUser.id, root)))[0]).toMatchObject({ role: "admin", deactivatedAt: null });
    expect((await listAudit({ action: "user.role_change", actor: "root@users.test" }, store.db)).entries[0]).toMatchObject({
      target: "vera@users.test",
      detail: { from: "viewer", to: "support" },
    });
    expect((await listAudit({ action: "user.change_refused", actor: "root@users.test" }, store.db)).entries).toHaveLength(2);
  });

  it("two admins demoting each other at once: exactly one succeeds", async () => {
    await createUser({ email: "second@users.test", role: "admin", password: PASSWORD }, { db: store.db });
    const [root, second] = [await idOf("root@users.test"), await idOf("second@users.test")];
    const secondCookie = await signInCookie("second@users.test", PASSWORD);
    const answers = await Promise.all([patch(second, { role: "viewer" }), patch(root, { role: "viewer" }, secondCookie)]);
    // The loser is refused either as the last admin (409) or, if the winner committed first, as no longer an admin (403).
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await store.db.select().from(authUser).where(eq(authUser.role, "admin"));
    expect(admins).toHaveLength(1);
    // Making an admin again waits for a second admin (lib/admin-changes): 202, nothing changes.
    const remaining = admins[0]?.email ?? "";
    const demoted = remaining === "root@users.test" ? second : root;
    const remainingCookie = remaining === "root@users.test" ? admin : await signInCookie(remaining, PASSWORD);
    expect((await patch(demoted, { role: "admin" }, remainingCookie)).status).toBe(202);
    // Put things back for the next tests straight in the store.
    await store.db.update(authUser).set({ role: "admin" }).where(eq(authUser.id, demoted));
  });

  it("deactivating signs the user out everywhere and keeps them out; reactivating lets them back", async () => {
    const cookie = await signInCookie("vera@users.test", PASSWORD);
    const vera = await idOf("vera@users.test");
    const off = await patch(vera, { deactivated: true });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ changed: true, user: { deactivatedAt: expect.any(String) } });
    expect((await GET(call("GET", "/api/users", cookie), undefined as never)).status).toBe(401);
    const refused = await callAuth(await getAuth(), authRequest("/sign-in/email", { body: { email: "vera@users.test", password: PASSWORD }, ip: ip() }));
    expect(refused.status).toBe(403);
    expect((await patch(vera, { deactivated: true })).status).toBe(200);
    const on = await patch(vera, { deactivated: false });
    expect((await on.json()).user.deactivatedAt).toBeNull();
    await signInCookie("vera@users.test", PASSWORD);
    const actions = (await listAudit({ actor: "root@users.test" }, store.db)).entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["user.deactivate", "user.reactivate"]));
  });

  it("resets a second factor and ends sessions", async () => {
    const vera = await idOf("vera@users.test");
    await store.db.update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.id, vera));
    await store.db.insert(authTwoFactor).values({ id: "tf-vera", secret: "x", backupCodes: "y", userId: vera });
    const reset = await patch(vera, { resetSecondFactor: true });
    expect(reset.status).toBe(200);
    expect((await reset.json()).user.twoFactorEnabled).toBe(false);
    expect(await store.db.select().from(authTwoFactor).where(eq(authTwoFactor.userId, vera))).toHaveLength(0);
    await signInCookie("vera@users.test", PASSWORD);
    const ended = await patch(vera, { endSessions: true });
    expect(await ended.json()).toMatchObject({ endedSessions: 1 });
    expect(await store.db.select().from(authSession).where(eq(authSession.userId, vera))).toHaveLength(0);
  });

  it("refuses a body naming no change or two, naming the problem", async () => {
    const vera = await idOf("vera@users.test");
    for (const body of [{}, { role: "viewer", deactivated: true }, { fly: true }]) {
      const answer = await patch(vera, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
    expect((await patch("no-such-user", { endSessions: true })).status).toBe(404);
  });

  it("with the audit store down nothing changes: 503, no user added, no role changed", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await auditStoreDown(store.db);
    try {
      const added = await POST(call("POST", "/api/users", admin, { email: "ghost@users.test", role: "viewer" }), undefined as never);
      expect(added.status).toBe(503);
      expect((await added.json()).error).toMatch(/audit log could not be written/);
      expect((await patch(await idOf("vera@users.test"), { role: "admin" })).status).toBe(503);
    } finally {
      await auditStoreUp(store.db);
      spy.mockRestore();
    }
    expect(await idOf("ghost@users.test")).toBe("");
    expect((await store.db.select().from(authUser).where(eq(authUser.email, "vera@users.test")))[0]?.role).toBe("support");
  });
});
