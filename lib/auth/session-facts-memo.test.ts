import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getEnv } from "@/lib/env";
import { setStoreForTests } from "@/lib/db";
import { authSession, authUser, sessionStepUps } from "@/lib/db/schema/auth";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { changeUser } from "@/lib/db/users-admin";
import { getAuth } from "./auth";
import { getSessionUser, requireApiUser } from "./guard";
import { createSessionFactsMemo, sessionFactsMemoFor, type SessionFacts } from "./session-facts-memo";
import { createSessionReader } from "./session-user";
import { authRequest, callAuth, cookieHeader } from "./test-auth";

// The embedded store keeps the guard's per-request read in memory; every write to a session, its
// user or its step-up must drop it before the writer's next line, whatever path the write took.
const PASSWORD = "facts-memo-test-password";

describe("the session facts memo", () => {
  const facts = { sessionId: "s1", role: "viewer" } as SessionFacts;

  it("keeps facts read before no write, drops all of them on a write", () => {
    const memo = createSessionFactsMemo();
    memo.remember("t1", facts, memo.generation());
    expect(memo.get("t1")).toBe(facts);
    memo.invalidate();
    expect(memo.get("t1")).toBeNull();
  });

  it("does not keep facts whose read was in flight when a write was announced", () => {
    const memo = createSessionFactsMemo();
    const readAt = memo.generation();
    memo.invalidate(); // a write committed while the store answered
    memo.remember("t1", facts, readAt);
    expect(memo.get("t1")).toBeNull();
  });
});

describe.each(TEST_ENGINES)("the guard's session read on $name", (engine) => {
  let store: TestStore;
  let userId = "";
  let ip = 0;

  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    userId = (await createUser({ email: "memo@facts.test", role: "approver", password: PASSWORD }, { db: store.db })).id;
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await store.db.update(authUser).set({ role: "approver", deactivatedAt: null }).where(eq(authUser.id, userId));
  });

  async function signIn(): Promise<string> {
    const body = { email: "memo@facts.test", password: PASSWORD };
    const res = await callAuth(await getAuth(), authRequest("/sign-in/email", { body, baseURL: getEnv().appUrl, ip: `198.51.100.${++ip}` }));
    expect(res.status).toBe(200);
    return cookieHeader(res);
  }
  const approveRequest = (cookie: string) => new Request(`${getEnv().appUrl}/api/transfers/t1/approve`, { method: "POST", headers: { cookie } });
  /** Counts the statements the store is asked to run from now on. */
  function countStoreQueries(): () => number {
    if (!store.pglite) throw new Error("PGlite only");
    const query = vi.spyOn(store.pglite, "query");
    const exec = vi.spyOn(store.pglite, "exec");
    return () => query.mock.calls.length + exec.mock.calls.length;
  }

  if (engine.name === "postgresql") {
    it("has no memo: each request reads the rows (other instances write too)", async () => {
      expect(await sessionFactsMemoFor(store)).toBeNull();
    });
    return;
  }

  it("answers a second request without asking the store", async () => {
    const cookie = await signIn();
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ role: "approver" });
    const queries = countStoreQueries();
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ role: "approver", email: "memo@facts.test" });
    expect(queries()).toBe(0);
  });

  it("applies a role change, a deactivation and ended sessions on the very next request", async () => {
    const cookie = await signIn();
    expect(await requireApiUser(approveRequest(cookie), "approve")).toMatchObject({ user: { role: "approver" } });
    await changeUser(userId, { role: "viewer" });
    const gate = await requireApiUser(approveRequest(cookie), "approve");
    expect("response" in gate && gate.response.status).toBe(403);

    await changeUser(userId, { role: "approver" });
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ role: "approver" });
    await changeUser(userId, { deactivated: true });
    expect(await getSessionUser(new Headers({ cookie }))).toBeNull();
    await changeUser(userId, { deactivated: false });

    const again = await signIn();
    expect(await getSessionUser(new Headers({ cookie: again }))).not.toBeNull();
    await changeUser(userId, { endSessions: true });
    expect(await getSessionUser(new Headers({ cookie: again }))).toBeNull();
  });

  it("applies a write made outside the app's code (plain SQL) and a sign-out through Better Auth", async () => {
    const cookie = await signIn();
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ role: "approver" });
    await store.db.execute(sql`update auth_user set role = 'operator' where id = ${userId}`);
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ role: "operator" });

    const signedOut = await callAuth(await getAuth(), authRequest("/sign-out", { body: {}, cookie, baseURL: getEnv().appUrl }));
    expect(signedOut.status).toBe(200);
    expect(await getSessionUser(new Headers({ cookie }))).toBeNull();
  });

  it("ends the session on the request after a password reset through Better Auth", async () => {
    const cookie = await signIn();
    expect(await getSessionUser(new Headers({ cookie }))).not.toBeNull();
    const { token } = await changeUser(userId, { newPasswordLink: true });
    const body = { newPassword: PASSWORD, token };
    const reset = await callAuth(await getAuth(), authRequest("/reset-password", { body, baseURL: getEnv().appUrl, ip: `198.51.100.${++ip}` }));
    expect(reset.status).toBe(200);
    expect(await getSessionUser(new Headers({ cookie }))).toBeNull();
  });

  it("sees a new step-up on the next request", async () => {
    const cookie = await signIn();
    const before = await getSessionUser(new Headers({ cookie }));
    const steppedUpAt = new Date(before!.verifiedAt.getTime() + 60_000);
    await store.db.insert(sessionStepUps).values({ sessionId: before!.sessionId, verifiedAt: steppedUpAt, failures: 0 });
    expect((await getSessionUser(new Headers({ cookie })))?.verifiedAt).toEqual(steppedUpAt);
  });

  it("keeps the memo through a change that was rolled back", async () => {
    const cookie = await signIn();
    await getSessionUser(new Headers({ cookie }));
    await expect(
      store.db.transaction(async (tx) => {
        await tx.update(authUser).set({ role: "viewer" }).where(eq(authUser.id, userId));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const queries = countStoreQueries();
    expect(await getSessionUser(new Headers({ cookie }))).toMatchObject({ role: "approver" });
    expect(queries()).toBe(0);
  });

  it("does not outlive the session's expiry", async () => {
    const cookie = await signIn();
    const read = createSessionReader({ auth: getAuth, db: async () => store.db, facts: () => sessionFactsMemoFor(store) });
    const user = await read(new Headers({ cookie }));
    const [row] = await store.db.select({ expiresAt: authSession.expiresAt }).from(authSession).where(eq(authSession.id, user!.sessionId));
    // The memo holds the facts (read above); the clock alone ends the session.
    expect(await read(new Headers({ cookie }), new Date(row!.expiresAt.getTime() - 1))).not.toBeNull();
    expect(await read(new Headers({ cookie }), new Date(row!.expiresAt.getTime() + 1))).toBeNull();
  });
});
