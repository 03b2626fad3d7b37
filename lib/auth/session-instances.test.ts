import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "@/lib/env";
import { createDb, type StoreHandle } from "@/lib/db/client";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { changeUser } from "@/lib/db/users-admin";
import { getAuth } from "./auth";
import { getSessionUser, requireApiUser } from "./guard";
import { createSessionReader } from "./session-user";
import { authRequest, callAuth, cookieHeader, createTestAuth } from "./test-auth";

// An approver demoted to viewer could still approve for about 5 s (a
// per-process session memo). Instance A is this process's guard; instance B is another process
// on the same database (on PostgreSQL a second connection pool and a second Better Auth).
const PASSWORD = "instances-test-password";

describe.each(TEST_ENGINES)("a change made on one instance applies on the next request of another ($name)", (engine) => {
  let store: TestStore;
  let other: StoreHandle;
  let userId = "";

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    // An in-memory PGlite has one client; PostgreSQL gets a real second pool.
    other = "url" in store.location ? await createDb({ url: store.location.url }, { migrate: false, maxConnections: 2 }) : store;
    const user = await createUser({ email: "checker@instances.test", role: "approver", password: PASSWORD }, { db: store.db });
    userId = user.id;
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    if (other !== store) await other.close();
    await store?.close();
  });

  async function signInOn(auth: Awaited<ReturnType<typeof getAuth>> | ReturnType<typeof createTestAuth>, ip: string): Promise<string> {
    const res = await callAuth(auth, authRequest("/sign-in/email", { body: { email: "checker@instances.test", password: PASSWORD }, baseURL: getEnv().appUrl, ip }));
    expect(res.status).toBe(200);
    return cookieHeader(res);
  }
  const approveRequest = (cookie: string) => new Request(`${getEnv().appUrl}/api/transfers/t1/approve`, { method: "POST", headers: { cookie } });

  it("a demotion through B refuses A's very next approval (no memo in between)", async () => {
    const cookie = await signInOn(await getAuth(), "198.51.100.1");
    // A has just checked this session (and would have memoised it).
    expect(await requireApiUser(approveRequest(cookie), "approve")).toMatchObject({ user: { role: "approver" } });
    await changeUser(userId, { role: "viewer" }, { db: other.db });
    const gate = await requireApiUser(approveRequest(cookie), "approve");
    expect("response" in gate && gate.response.status).toBe(403);
    await changeUser(userId, { role: "approver" }, { db: other.db });
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ role: "approver" });
  });

  it("a deactivation and ended sessions through B end A's session on its next request", async () => {
    const cookie = await signInOn(await getAuth(), "198.51.100.2");
    expect(await getSessionUser(new Headers({ cookie }))).not.toBeNull();
    await changeUser(userId, { endSessions: true }, { db: other.db });
    expect(await getSessionUser(new Headers({ cookie }))).toBeNull();

    const again = await signInOn(await getAuth(), "198.51.100.3");
    expect(await getSessionUser(new Headers({ cookie: again }))).not.toBeNull();
    await changeUser(userId, { deactivated: true }, { db: other.db });
    expect(await getSessionUser(new Headers({ cookie: again }))).toBeNull();
    await changeUser(userId, { deactivated: false }, { db: other.db });
  });

  it("two readers, each with its own memo, agree after every change", async () => {
    const authB = createTestAuth(other.db, { baseURL: getEnv().appUrl, secret: getEnv().authSecret });
    const readA = createSessionReader({ auth: getAuth, db: async () => store.db });
    const readB = createSessionReader({ auth: async () => authB, db: async () => other.db });
    const cookie = await signInOn(authB, "198.51.100.4");
    const headers = new Headers({ cookie });
    expect(await readA(headers)).toMatchObject({ role: "approver" });
    expect(await readB(headers)).toMatchObject({ role: "approver" });
    await changeUser(userId, { role: "operator" }, { db: store.db });
    expect(await readB(headers)).toMatchObject({ role: "operator" });
    await changeUser(userId, { role: "approver" }, { db: other.db });
    expect(await readA(headers)).toMatchObject({ role: "approver" });
  });
});
