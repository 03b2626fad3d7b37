import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmPendingChange, PendingChangeError, revokePasskeysOrAsk } from "@/lib/admin-changes/service";
import { listAudit } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { authSession } from "@/lib/db/schema/auth";
import { authPasskey } from "@/lib/db/schema/devices";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser } from "@/lib/db/users";
import { testAuthenticator } from "./test-authenticator";

// A lost phone: an admin takes an account's passkeys away. For a money role that is a credential
// change a second admin confirms; the passkeys go and the account's sessions end, audited.
describe.each(TEST_ENGINES)("revoking a person's passkeys ($name)", (engine) => {
  let store: TestStore;
  let db: Db;
  const A = { id: "", email: "ana.admin@passkeys.test" };
  const B = { id: "", email: "bruno.admin@passkeys.test" };

  async function personWithPasskeys(email: string, role: "approver" | "viewer", keys: number): Promise<string> {
    const { id } = await createUser({ email, role, password: "a-long-password" }, { db });
    for (let i = 0; i < keys; i++) {
      const key = testAuthenticator();
      await db.insert(authPasskey).values({ id: `pk-${key.credentialId}`, userId: id, credentialID: key.credentialId, publicKey: key.publicKeyCose.toString("base64"), counter: 0, deviceType: "singleDevice", backedUp: false });
    }
    await db.insert(authSession).values({ id: `s-${id}`, token: `t-${id}`, userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
    return id;
  }
  const left = async (userId: string) => ({
    passkeys: (await db.select().from(authPasskey).where(eq(authPasskey.userId, userId))).length,
    sessions: (await db.select().from(authSession).where(eq(authSession.userId, userId))).length,
  });

  beforeAll(async () => {
    store = await engine.open();
    db = store.db;
    A.id = (await createUser({ email: A.email, role: "admin", password: "a-long-password" }, { db })).id;
    B.id = (await createUser({ email: B.email, role: "admin", password: "a-long-password" }, { db })).id;
  });
  afterAll(async () => {
    await store?.close();
  });

  it("an approver's passkeys wait for a second admin: nothing changes until then, the asker cannot confirm, the other admin can", async () => {
    const id = await personWithPasskeys("clara@passkeys.test", "approver", 2);
    const asked = await revokePasskeysOrAsk({ db }, id, A);
    if (!("pending" in asked)) throw new Error("an approver's passkeys were revoked by one admin");
    expect(asked.pending.change).toEqual({ kind: "revoke_passkeys", role: "approver" });
    expect(await left(id)).toEqual({ passkeys: 2, sessions: 1 });
    await expect(confirmPendingChange({ db }, asked.pending.id, { kind: "admin", ...A })).rejects.toBeInstanceOf(PendingChangeError);
    await confirmPendingChange({ db }, asked.pending.id, { kind: "admin", ...B });
    expect(await left(id)).toEqual({ passkeys: 0, sessions: 0 });
    const audit = await listAudit({ action: "user.passkeys_revoke" }, db);
    expect(audit.entries.find((e) => e.target === "clara@passkeys.test")).toMatchObject({ outcome: "success", detail: { passkeys: 2, sessions_ended: 1, confirmed_by: B.email } });
  });

  it("a viewer's passkeys go at once (no hand on the money), audited", async () => {
    const id = await personWithPasskeys("davi@passkeys.test", "viewer", 1);
    const done = await revokePasskeysOrAsk({ db }, id, A);
    expect(done).toEqual({ applied: { revoked: 1, endedSessions: 1 } });
    expect(await left(id)).toEqual({ passkeys: 0, sessions: 0 });
  });
});
