import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmPendingChange, issueServiceTokenOrAsk, listPendingChanges } from "@/lib/admin-changes/service";
import { listAudit } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { serviceTokens } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { decisionRefusal } from "@/lib/transfers/server/decisions";
import type { TransferRequestRow } from "@/lib/db/schema";
import { authenticateToken, createServiceAccount, revokeToken } from "./service";
import { hashToken } from "./token";

/**
 * Service accounts' tokens in the store: only the hash is kept; unknown, revoked and expired
 * tokens are refused alike; the count per minute is shared (it lives in the store) and starts
 * again the next minute; an operator's token waits for a second admin, whose confirmation
 * issues it; a service account never decides on a transfer.
 */
describe.each(TEST_ENGINES)("service accounts ($name)", (engine) => {
  let store: TestStore;
  let db: Db;
  const A = { id: "admin-a", email: "ana.admin@sa.test" };
  const B = { id: "admin-b", email: "bruno.admin@sa.test" };

  beforeAll(async () => {
    store = await engine.open();
    db = store.db;
  });
  afterAll(async () => {
    await store?.close();
  });

  it("a token is kept as its hash, refused once expired or revoked, and counted per minute", async () => {
    const account = await createServiceAccount({ db }, { name: "Folha", role: "viewer" }, A);
    const issued = await issueServiceTokenOrAsk({ db }, account.id, { expires_in_days: 1, rate_per_minute: 2 }, A);
    if (!("applied" in issued)) throw new Error("a viewer's token waited");
    const { value } = issued.applied;
    const rows = await db.select().from(serviceTokens);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(value));
    expect(JSON.stringify(rows)).not.toContain(value);

    const t0 = new Date();
    expect(await authenticateToken(db, value, t0)).toMatchObject({ ok: true, account: { id: account.id, role: "viewer" }, rate: { quota: 2, remaining: 1, resetSeconds: 60 } });
    expect(await authenticateToken(db, value, new Date(t0.getTime() + 1_000))).toMatchObject({ ok: true });
    expect(await authenticateToken(db, value, new Date(t0.getTime() + 2_000))).toEqual({ ok: false, reason: "rate_limited", retryAfterSeconds: 58, rate: { policy: "token", quota: 2, windowSeconds: 60, remaining: 0, resetSeconds: 58 } });
    // The next minute starts a new count.
    expect(await authenticateToken(db, value, new Date(t0.getTime() + 61_000))).toMatchObject({ ok: true });
    // A day and a second later it has expired.
    expect(await authenticateToken(db, value, new Date(t0.getTime() + 86_401_000))).toEqual({ ok: false, reason: "expired" });
    expect(await authenticateToken(db, `${value}x`, t0)).toEqual({ ok: false, reason: "unknown" });

    await revokeToken({ db }, account.id, issued.applied.id, A);
    expect(await authenticateToken(db, value, new Date(t0.getTime() + 120_000))).toEqual({ ok: false, reason: "revoked" });
    const actions = (await listAudit({ pageSize: 100 }, db)).entries.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["service_account.create", "service_account.token_issue", "service_account.token_revoke"]));
  });

  it("an operator's token waits for a second admin; confirming issues it, once", async () => {
    const account = await createServiceAccount({ db }, { name: "ERP", role: "operator" }, A);
    const asked = await issueServiceTokenOrAsk({ db }, account.id, {}, A);
    if (!("pending" in asked)) throw new Error("an operator's token was issued at once");
    expect(await db.select().from(serviceTokens)).toHaveLength(1);
    const done = await confirmPendingChange({ db }, asked.pending.id, { kind: "admin", ...B });
    expect(done.serviceToken?.value).toMatch(/^pixbo_/);
    expect(await authenticateToken(db, done.serviceToken!.value)).toMatchObject({ ok: true, account: { role: "operator" } });
  });

  it("a double click on \"Issue token\" for an operator account makes one pending request (two at once included)", async () => {
    const account = await createServiceAccount({ db }, { name: "ERP clique duplo", role: "operator" }, A);
    const body = { expires_in_days: 30, rate_per_minute: 60 };
    const [first, second] = await Promise.all([issueServiceTokenOrAsk({ db }, account.id, body, A), issueServiceTokenOrAsk({ db }, account.id, body, A)]);
    if (!("pending" in first) || !("pending" in second)) throw new Error("an operator's token was issued at once");
    expect(second.pending.id).toBe(first.pending.id);
    const again = await issueServiceTokenOrAsk({ db }, account.id, body, A);
    expect("pending" in again && again.pending.id).toBe(first.pending.id);
    const waiting = (await listPendingChanges(db)).pending.filter((p) => p.change.kind === "service_token" && p.change.service_account.id === account.id);
    expect(waiting).toHaveLength(1);
    const asked = (await listAudit({ pageSize: 200 }, db)).entries.filter((e) => e.action === "admin_change.request" && JSON.stringify(e.detail).includes(first.pending.id));
    expect(asked).toHaveLength(1);
    // Another expiry is another request; once the first is decided, a new click asks again.
    const other = await issueServiceTokenOrAsk({ db }, account.id, { expires_in_days: 90, rate_per_minute: 60 }, A);
    expect("pending" in other && other.pending.id).not.toBe(first.pending.id);
    await confirmPendingChange({ db }, first.pending.id, { kind: "admin", ...B });
    const after = await issueServiceTokenOrAsk({ db }, account.id, body, A);
    expect("pending" in after && after.pending.id).not.toBe(first.pending.id);
  });

  it("a service account never approves or rejects, whatever the request", () => {
    const row = { makerId: "someone", submittedById: null, state: "awaiting_approval", expiresAt: null } as unknown as TransferRequestRow;
    expect(decisionRefusal(row, { id: "sa_123", email: "service:ERP" }, new Date(), new Map())).toMatchObject({ code: "not_a_person" });
    expect(decisionRefusal(row, { id: "person", email: "p@x.test" }, new Date(), new Map())).toBeNull();
  });
});
