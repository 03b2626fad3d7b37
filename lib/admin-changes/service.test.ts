import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/db/audit";
import type { Db } from "@/lib/db";
import { authVerification } from "@/lib/db/schema/auth";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createUser, findUserByEmail } from "@/lib/db/users";
import { DEFAULT_POLICY, type ApprovalPolicy } from "@/lib/transfers/policy";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";
import { changePolicyOrAsk, changeUserOrAsk, confirmPendingChange, inviteUserOrAsk, listPendingChanges, PendingChangeError, refusePendingChange } from "./service";

// One admin alone must not set zero approvals, make himself an approver, or take over a real
// approver's sign-in (even by demoting them first): each waits for another admin.
const ZERO: ApprovalPolicy = { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: DEFAULT_POLICY.expiry_hours };
const STRICTER: ApprovalPolicy = { tiers: [{ from_cents: 0, approvals: 1 }, { from_cents: 1_000_000, approvals: 2 }], expiry_hours: 12 };

describe.each(TEST_ENGINES)("changes that need a second admin ($name)", (engine) => {
  let store: TestStore;
  let db: Db;
  const A = { id: "", email: "ana.admin@changes.test" };
  const B = { id: "", email: "bruno.admin@changes.test" };
  const ctx = () => ({ db, ip: "198.51.100.9" });

  beforeAll(async () => {
    store = await engine.open();
    db = store.db;
    A.id = (await createUser({ email: A.email, role: "admin", password: "a-long-password" }, { db })).id;
    B.id = (await createUser({ email: B.email, role: "admin", password: "a-long-password" }, { db })).id;
  });
  afterAll(async () => {
    await store?.close();
  });

  async function expectCode(promise: Promise<unknown>, code: string) {
    await expect(promise).rejects.toBeInstanceOf(PendingChangeError);
    await expect(promise).rejects.toMatchObject({ code });
  }

  it("zero approvals waits; the requester cannot confirm it (403 + audit row); another admin can", async () => {
    const asked = await changePolicyOrAsk(ctx(), ZERO, A);
    if (!("pending" in asked)) throw new Error("a weaker policy applied at once");
    expect((await getApprovalPolicy(db)).tiers).toEqual(DEFAULT_POLICY.tiers);
    expect((await listPendingChanges(db)).pending.map((c) => c.id)).toContain(asked.pending.id);

    await expectCode(confirmPendingChange(ctx(), asked.pending.id, { kind: "admin", ...A }), "own_request");
    const own = await listAudit({ action: "admin_change.confirm" }, db);
    expect(own.entries[0]).toMatchObject({ actorEmail: A.email, outcome: "refused_own_request" });
    expect((await getApprovalPolicy(db)).tiers).toEqual(DEFAULT_POLICY.tiers);

    const done = await confirmPendingChange(ctx(), asked.pending.id, { kind: "admin", ...B });
    expect(done.change).toMatchObject({ state: "confirmed", decided_by: B.email });
    // The policy in force names who asked and when, who confirmed and when (not only the confirmation's time).
    expect(await getApprovalPolicy(db)).toMatchObject({ tiers: ZERO.tiers, changed_by: A.email, asked_at: asked.pending.requested_at, confirmed_by: B.email, changed_at: done.change.decided_at });
    const actions = (await listAudit({}, db)).entries.map((e) => `${e.action}:${e.outcome}`);
    expect(actions).toEqual(expect.arrayContaining(["admin_change.request:pending", "admin_change.confirm:confirmed", "policy.change:saved"]));
    await expectCode(confirmPendingChange(ctx(), asked.pending.id, { kind: "admin", ...B }), "not_pending");
  });

  it("an admin cannot change their own role, deactivate themselves, reset their own second factor or make their own link: refused, audited, nothing changed", async () => {
    for (const change of [{ role: "viewer" as const }, { deactivated: true }, { resetSecondFactor: true as const }, { newPasswordLink: true as const }]) {
      const attempt = changeUserOrAsk(ctx(), A.id, change, A);
      await expect(attempt).rejects.toMatchObject({ name: "UserError", code: "own_account" });
    }
    const refusals = await listAudit({ action: "user.change_refused" }, db);
    expect(refusals.entries.filter((e) => e.actorEmail === A.email).map((e) => e.outcome)).toEqual(Array(4).fill("refused_own_account"));
    expect(await findUserByEmail(A.email, db)).toMatchObject({ role: "admin", deactivatedAt: null });
    expect((await listPendingChanges(db)).pending.filter((c) => c.target_email === A.email)).toEqual([]);
    // Ending one's own sessions elsewhere is still one's own business.
    expect(await changeUserOrAsk(ctx(), A.id, { endSessions: true }, A)).toHaveProperty("applied");
  });

  it("a stricter policy applies at once; a confirmation asked before it can no longer apply: 409, closed as failed (stale), nothing changed", async () => {
    const weaker = await changePolicyOrAsk(ctx(), { ...ZERO, expiry_hours: 48 }, A);
    expect("pending" in weaker).toBe(true);
    const stricter = await changePolicyOrAsk(ctx(), STRICTER, A);
    expect("applied" in stricter && stricter.applied.tiers).toEqual(STRICTER.tiers);
    if (!("pending" in weaker)) return;
    await expect(confirmPendingChange(ctx(), weaker.pending.id, { kind: "admin", ...B })).rejects.toMatchObject({ code: "cannot_apply", message: "stale" });
    expect((await getApprovalPolicy(db)).tiers).toEqual(STRICTER.tiers);
    const { decided } = await listPendingChanges(db);
    expect(decided.find((c) => c.id === weaker.pending.id)).toMatchObject({ state: "failed", failure: "stale", decided_by: B.email });
    // Closed: it cannot be confirmed again.
    await expectCode(confirmPendingChange(ctx(), weaker.pending.id, { kind: "admin", ...B }), "not_pending");
  });

  it("granting a money role waits; taking one away does not; a refusal changes nothing", async () => {
    const viewer = await createUser({ email: "vera@changes.test", role: "viewer", password: "a-long-password" }, { db });
    const asked = await changeUserOrAsk(ctx(), viewer.id, { role: "approver" }, A);
    if (!("pending" in asked)) throw new Error("a money role was granted at once");
    expect(asked.pending.change).toEqual({ kind: "role", from: "viewer", to: "approver" });
    expect((await findUserByEmail(viewer.email, db))?.role).toBe("viewer");

    const refused = await refusePendingChange(ctx(), asked.pending.id, { kind: "admin", ...B });
    expect(refused.state).toBe("refused");
    expect((await findUserByEmail(viewer.email, db))?.role).toBe("viewer");

    const again = await changeUserOrAsk(ctx(), viewer.id, { role: "approver" }, A);
    if (!("pending" in again)) throw new Error("expected a pending change");
    await confirmPendingChange(ctx(), again.pending.id, { kind: "admin", ...B });
    expect((await findUserByEmail(viewer.email, db))?.role).toBe("approver");

    const down = await changeUserOrAsk(ctx(), viewer.id, { role: "viewer" }, A);
    expect("applied" in down).toBe(true);
    expect((await findUserByEmail(viewer.email, db))?.role).toBe("viewer");
  });

  it("a new approver account, and a password link or second-factor reset for one, wait; the link goes to the confirmer once", async () => {
    const asked = await inviteUserOrAsk(ctx(), { email: "Alter.Ego@changes.test", role: "approver" }, A);
    if (!("pending" in asked)) throw new Error("a new approver was created at once");
    expect(await findUserByEmail("alter.ego@changes.test", db)).toBeNull();
    const made = await confirmPendingChange(ctx(), asked.pending.id, { kind: "admin", ...B });
    expect(made.token).toEqual(expect.any(String));
    const approver = await findUserByEmail("alter.ego@changes.test", db);
    expect(approver?.role).toBe("approver");

    const links = () => db.select().from(authVerification).where(like(authVerification.identifier, "set-password:%"));
    const before = (await links()).length;
    const link = await changeUserOrAsk(ctx(), approver!.id, { newPasswordLink: true }, A);
    expect("pending" in link).toBe(true);
    expect((await links()).length).toBe(before);
    if ("pending" in link) expect((await confirmPendingChange(ctx(), link.pending.id, { kind: "admin", ...B })).token).toEqual(expect.any(String));

    const reset = await changeUserOrAsk(ctx(), approver!.id, { resetSecondFactor: true }, A);
    expect("pending" in reset && reset.pending.change).toEqual({ kind: "reset_second_factor", role: "approver" });

    // A viewer's link is nobody's hand on the money: at once.
    const viewer = await inviteUserOrAsk(ctx(), { email: "leitor@changes.test", role: "viewer" }, A);
    expect("applied" in viewer && viewer.applied.token).toEqual(expect.any(String));
  });

  it("a deployment with one admin confirms from the server's command line", async () => {
    const asked = await changeUserOrAsk(ctx(), B.id, { role: "operator" }, A);
    if (!("pending" in asked)) throw new Error("expected a pending change");
    const done = await confirmPendingChange({ db, via: "cli" }, asked.pending.id, { kind: "cli", osUser: "maria" });
    expect(done.change.decided_by).toBe("command line (maria)");
    expect((await findUserByEmail(B.email, db))?.role).toBe("operator");
    const confirm = await listAudit({ action: "admin_change.confirm" }, db);
    expect(confirm.entries[0]).toMatchObject({ actorEmail: null, outcome: "confirmed" });
  });

  it("two admins confirming at once: the change is applied once", async () => {
    const C = { id: (await createUser({ email: "carla.admin@changes.test", role: "admin", password: "a-long-password" }, { db })).id, email: "carla.admin@changes.test" };
    const viewer = await createUser({ email: "duo@changes.test", role: "viewer", password: "a-long-password" }, { db });
    const asked = await changeUserOrAsk(ctx(), viewer.id, { role: "operator" }, A);
    if (!("pending" in asked)) throw new Error("expected a pending change");
    const results = await Promise.allSettled([
      confirmPendingChange(ctx(), asked.pending.id, { kind: "admin", ...C }),
      confirmPendingChange(ctx(), asked.pending.id, { kind: "admin", ...C }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const roleChanges = (await listAudit({ action: "user.role_change" }, db)).entries.filter((e) => e.target === viewer.email);
    expect(roleChanges).toHaveLength(1);
    expect(await db.select().from(authVerification).where(eq(authVerification.value, viewer.id))).toHaveLength(0);
  });

  it("an account takeover by one admin: demoting an approver applies at once, but their set-password link, a second-factor reset or their reactivation waits for 30 days; the grant back shows the other admin what happened", async () => {
    const victim = await createUser({ email: "aprovadora@changes.test", role: "approver", password: "a-long-password" }, { db });
    expect(await changeUserOrAsk(ctx(), victim.id, { role: "viewer" }, A)).toHaveProperty("applied");
    expect((await findUserByEmail(victim.email, db))?.moneyRoleUntil).toBeInstanceOf(Date);
    const link = await changeUserOrAsk(ctx(), victim.id, { newPasswordLink: true }, A);
    expect(link).toHaveProperty("pending");
    expect(await changeUserOrAsk(ctx(), victim.id, { resetSecondFactor: true }, A)).toHaveProperty("pending");
    const grant = await changeUserOrAsk(ctx(), victim.id, { role: "approver" }, A);
    if (!("pending" in grant)) throw new Error("a money role was granted at once");
    const waiting = (await listPendingChanges(db)).pending.find((c) => c.id === grant.pending.id)!;
    expect(waiting.change).toEqual({ kind: "role", from: "viewer", to: "approver" });
    // The admin who decides sees the demotion and the credential requests, and who did them.
    const history = waiting.account_history!.map((e) => [e.action, e.by, e.detail.outcome]);
    expect(history).toEqual(
      expect.arrayContaining([
        ["user.role_change", A.email, "success"],
        ["admin_change.request", A.email, "pending"],
      ]),
    );
    expect(history.filter(([action]) => action === "admin_change.request")).toHaveLength(3);
    expect(waiting.account_history!.find((e) => e.action === "user.role_change")?.detail).toMatchObject({ from: "approver", to: "viewer" });
    // Nothing of the reset happened: no link exists for the victim.
    const links = await db.select().from(authVerification).where(like(authVerification.identifier, "set-password:%"));
    expect(links.filter((l) => l.value === victim.id)).toEqual([]);
  });

  it("reactivating an account that held a money role waits for a second admin; a viewer's does not", async () => {
    const operator = await createUser({ email: "operador.saiu@changes.test", role: "operator", password: "a-long-password" }, { db });
    expect(await changeUserOrAsk(ctx(), operator.id, { deactivated: true }, A)).toHaveProperty("applied");
    const back = await changeUserOrAsk(ctx(), operator.id, { deactivated: false }, A);
    if (!("pending" in back)) throw new Error("a money role was reactivated at once");
    expect(back.pending.change).toEqual({ kind: "reactivate", role: "operator" });
    expect((await findUserByEmail(operator.email, db))?.deactivatedAt).not.toBeNull();
    await confirmPendingChange(ctx(), back.pending.id, { kind: "admin", ...B });
    expect((await findUserByEmail(operator.email, db))?.deactivatedAt).toBeNull();

    const viewer = await createUser({ email: "consulta.saiu@changes.test", role: "viewer", password: "a-long-password" }, { db });
    await changeUserOrAsk(ctx(), viewer.id, { deactivated: true }, A);
    expect(await changeUserOrAsk(ctx(), viewer.id, { deactivated: false }, A)).toHaveProperty("applied");
  });

  it("an invitation whose e-mail was taken meanwhile: confirming it answers 409 with the reason and closes it as failed, nothing made", async () => {
    const first = await inviteUserOrAsk(ctx(), { email: "novo.aprovador@changes.test", role: "approver" }, A);
    const second = await inviteUserOrAsk(ctx(), { email: "novo.aprovador@changes.test", role: "operator" }, A);
    if (!("pending" in first) || !("pending" in second)) throw new Error("a money role was invited at once");
    await confirmPendingChange(ctx(), first.pending.id, { kind: "admin", ...B });
    await expect(confirmPendingChange(ctx(), second.pending.id, { kind: "admin", ...B })).rejects.toMatchObject({ code: "cannot_apply", message: "email_taken" });
    expect((await listPendingChanges(db)).decided.find((c) => c.id === second.pending.id)).toMatchObject({ state: "failed", failure: "email_taken" });
    expect(await findUserByEmail("novo.aprovador@changes.test", db)).toMatchObject({ role: "approver" });
    const failed = await listAudit({ action: "admin_change.confirm" }, db);
    expect(failed.entries.filter((e) => e.outcome === "failed" && (e.detail as { pending_change: string }).pending_change === second.pending.id)).toHaveLength(1);
  });
});
