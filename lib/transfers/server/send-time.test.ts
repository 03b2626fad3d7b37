import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changePolicyOrAsk, changeUserOrAsk, confirmPendingChange, issueServiceTokenOrAsk } from "@/lib/admin-changes/service";
import { approvals, auditLog, authUser, serviceTokens, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { cpfCheckDigits } from "@/lib/pix/cpf";
import { createServiceAccount, revokeToken } from "@/lib/service-accounts/service";
import { serviceAccountLabel } from "@/lib/service-accounts/ids";
import { createTransfer } from "./create";
import { submitTransfer } from "./engine";
import { approveTransfer, releaseTransfer } from "./service";
import { startEngineHarness, type EngineHarness } from "../testing/harness";
import { newIdempotentId, seedTestPeople, TEST_ENGINE_SETTINGS, transferOf, usePolicy } from "../testing/fixtures";

/**
 * Checked again at the moment money moves, with time driven by the test: payables approved for a
 * day three days ahead, then, before that day, their maker is deactivated, a token revoked, an
 * approver demoted, the policy tightened, a token expires (no event at all), an approver demoted
 * behind the back office's back (straight in the database). On the day, at the send time, only
 * what still holds goes out; each of the others is held or waits for approval again, saying why.
 */
const POLICY = { tiers: [{ from_cents: 0, approvals: 0 }, { from_cents: 100_000, approvals: 1 }], expiry_hours: 72 };
const TIGHTER = { tiers: [{ from_cents: 0, approvals: 0 }, { from_cents: 100_000, approvals: 1 }, { from_cents: 250_000, approvals: 2 }], expiry_hours: 72 };
const person = (id: string, role: string) => ({ id: `st-${id}`, email: `${id}@send-time.test`, role });
const OPERATOR = person("operator", "operator");
const OPERATOR_LEAVING = person("operator-leaving", "operator");
const APPROVER = person("approver", "approver");
const APPROVER_DEMOTED = person("approver-demoted", "approver");
const APPROVER_BEHIND = person("approver-behind", "approver");
const APPROVER_2 = person("approver-2", "approver");
const ADMIN = person("admin", "admin");
const ADMIN_2 = person("admin-2", "admin");

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000 });
});
afterAll(() => sandbox.close());
/** A valid CPF of its own for each number in this run (check digits computed). */
const RUN = Date.now() % 10_000;
const cpf = (i: number) => {
  const base = String(200_000_000 + (RUN * 100 + i) * 7_919).slice(0, 9);
  return base + cpfCheckDigits(base);
};
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;

describe.each(TEST_ENGINES)("checked again when money moves, on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    await seedTestPeople(h.store.db, [OPERATOR, OPERATOR_LEAVING, APPROVER, APPROVER_DEMOTED, APPROVER_BEHIND, APPROVER_2, ADMIN, ADMIN_2]);
    await usePolicy(h.store.db, POLICY);
  });
  afterAll(() => h?.close());

  const day = () => brazilDayKey(addBrazilDays(new Date(), 3));
  let k = 0;
  const payable = async (maker: { id: string; email: string; tokenId?: string }, cents: number) => {
    const { transfer } = await createTransfer(h.store.db, null, {
      // Each to a destination of its own (key and document): no 24 h sum joins them.
      transfer: transferOf(newIdempotentId("st"), cents, { pix_key: `payable-${++k}-${Date.now().toString(36)}@send-time.test`, receiver_document: cpf(k) }),
      maker,
      policy: POLICY,
      payable: { scheduledFor: day() },
    });
    return transfer;
  };
  const tokenFor = async (expiresInDays?: number) => {
    const account = await createServiceAccount({ db: h.store.db }, { name: `ERP st ${++k}`, role: "operator" }, ADMIN);
    const asked = await issueServiceTokenOrAsk({ db: h.store.db }, account.id, { expires_in_days: expiresInDays }, ADMIN);
    if (!("pending" in asked)) throw new Error("an operator's token was issued at once");
    const { serviceToken } = await confirmPendingChange({ db: h.store.db }, asked.pending.id, { kind: "admin", id: ADMIN_2.id, email: ADMIN_2.email });
    return { maker: { id: account.id, email: serviceAccountLabel(account.name), tokenId: serviceToken!.id }, accountId: account.id, tokenId: serviceToken!.id };
  };
  const stateOf = async (id: string) => (await h.store.db.select().from(transferRequests).where(eq(transferRequests.id, id)))[0]!;

  it("deactivated maker, revoked token, demoted approver, tightened policy, expired token, approver demoted in the database: only what still holds goes out", async () => {
    const ctx = { db: h.store.db };
    const makerLeaves = await payable(OPERATOR_LEAVING, 200_000);
    const revoked = await tokenFor();
    const byRevokedToken = await payable(revoked.maker, 200_000);
    const approverDemoted = await payable(OPERATOR, 200_000);
    const policyTightened = await payable(OPERATOR, 300_000);
    const expiring = await tokenFor(1);
    const byExpiringToken = await payable(expiring.maker, 200_000);
    const approverBehind = await payable(OPERATOR, 200_000);
    const stillFine = await payable(OPERATOR, 200_000);
    for (const [row, approver] of [
      [makerLeaves, APPROVER],
      [byRevokedToken, APPROVER],
      [approverDemoted, APPROVER_DEMOTED],
      [policyTightened, APPROVER],
      [byExpiringToken, APPROVER],
      [approverBehind, APPROVER_BEHIND],
      [stillFine, APPROVER],
    ] as const) {
      await approveTransfer(h.store.db, row.id, approver, new Date(), POLICY);
      expect((await stateOf(row.id)).state).toBe("scheduled");
    }

    // Between the approval and the day: the world changes.
    expect(await changeUserOrAsk(ctx, OPERATOR_LEAVING.id, { deactivated: true }, ADMIN)).toHaveProperty("applied");
    await revokeToken(ctx, revoked.accountId, revoked.tokenId, ADMIN);
    expect(await changeUserOrAsk(ctx, APPROVER_DEMOTED.id, { role: "viewer" }, ADMIN)).toHaveProperty("applied");
    expect(await changePolicyOrAsk(ctx, TIGHTER, ADMIN)).toHaveProperty("applied");
    // Behind the back office's back: no event, only the send-time check can see it.
    await h.store.db.update(authUser).set({ role: "viewer" }).where(eq(authUser.id, APPROVER_BEHIND.id));

    // The change itself already told what waits for its day (not on the day, when nobody is there).
    expect((await stateOf(makerLeaves.id)).state).toBe("held");
    expect((await stateOf(byRevokedToken.id)).state).toBe("held");
    expect((await stateOf(approverDemoted.id)).state).toBe("awaiting_approval");
    expect(await stateOf(policyTightened.id)).toMatchObject({ state: "awaiting_approval", approvalsRequired: 2 });
    // What no event announced is still scheduled: the token expires tomorrow, the role changed in the database.
    expect((await stateOf(byExpiringToken.id)).state).toBe("scheduled");
    expect((await stateOf(approverBehind.id)).state).toBe("scheduled");

    // The day comes: every request is offered to the engine at its send time, as its job would.
    const sendAt = stillFine.sendAt!;
    const all = [makerLeaves, byRevokedToken, approverDemoted, policyTightened, byExpiringToken, approverBehind, stillFine];
    for (const row of all) await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, sendAt);

    expect(Object.fromEntries(await Promise.all(all.map(async (r) => [r.idempotentId, paymentsWith(r.idempotentId)])))).toEqual(
      Object.fromEntries(all.map((r) => [r.idempotentId, r.id === stillFine.id ? 1 : 0])),
    );
    expect(await stateOf(makerLeaves.id)).toMatchObject({ state: "held", outcome: { kind: "held", reasons: ["maker_inactive"] } });
    expect(await stateOf(byRevokedToken.id)).toMatchObject({ state: "held", outcome: { kind: "held", reasons: ["token_invalid"] } });
    expect(await stateOf(byExpiringToken.id)).toMatchObject({ state: "held", outcome: { kind: "held", reasons: ["token_invalid"] } });
    expect(await stateOf(approverBehind.id)).toMatchObject({ state: "awaiting_approval", approvalsRequired: 1 });
    // The demoted approvers' approvals no longer count, and say why.
    const voided = await h.store.db.select().from(approvals).where(sql`${approvals.transferId} in (${sql.join([approverDemoted.id, approverBehind.id].map((id) => sql`${id}`), sql`, `)})`);
    expect(voided.map((a) => a.voidReason).sort()).toEqual(["no_longer_approver", "no_longer_approver"]);
    // Every refusal of the send-time rule is audited with its cause.
    const checks = await h.store.db.select().from(auditLog).where(eq(auditLog.action, "transfer.send_check"));
    const causeOf = (row: { idempotentId: string }) => checks.filter((c) => c.target === row.idempotentId).map((c) => [(c.detail as { cause: string }).cause, c.outcome]);
    expect(causeOf(makerLeaves)).toEqual([["user.deactivate", "held"]]);
    expect(causeOf(byRevokedToken)).toEqual([["service_account.token_revoke", "held"]]);
    expect(causeOf(approverDemoted)).toEqual([["user.role_change", "awaiting_approval"]]);
    expect(causeOf(policyTightened)).toEqual([["policy.change", "awaiting_approval"]]);
    expect(causeOf(byExpiringToken)).toEqual([["send_time", "held"]]);
    expect(causeOf(approverBehind)).toEqual([["send_time", "awaiting_approval"]]);

    // Approved again by people who hold `approve` now, the ones sent back go out (once) at once.
    await approveTransfer(h.store.db, approverBehind.id, APPROVER, new Date(sendAt.getTime() + 60_000));
    await submitTransfer(h.store.db, approverBehind.id, TEST_ENGINE_SETTINGS, new Date(sendAt.getTime() + 60_000));
    expect(paymentsWith(approverBehind.idempotentId)).toBe(1);
  });

  it("a tightened policy applies to what already waits: a request awaiting one approval needs two once the tier is raised; one approval does not send it", async () => {
    await usePolicy(h.store.db, POLICY);
    const { transfer } = await createTransfer(h.store.db, null, {
      transfer: transferOf(newIdempotentId("tier"), 300_000, { pix_key: `tier-${Date.now().toString(36)}@send-time.test`, receiver_document: cpf(++k) }),
      maker: OPERATOR,
      policy: POLICY,
    });
    expect(transfer).toMatchObject({ state: "awaiting_approval", approvalsRequired: 1 });
    expect(await changePolicyOrAsk({ db: h.store.db }, TIGHTER, ADMIN)).toHaveProperty("applied");
    expect((await stateOf(transfer.id)).approvalsRequired).toBe(2);
    expect(await approveTransfer(h.store.db, transfer.id, APPROVER)).toMatchObject({ approved: false });
    expect((await stateOf(transfer.id)).state).toBe("awaiting_approval");
    expect(await approveTransfer(h.store.db, transfer.id, APPROVER_2)).toMatchObject({ approved: true });
  });

  it("a held request is released by its maker once mended and goes out once; released while the reason stands, it is held again", async () => {
    await usePolicy(h.store.db, POLICY);
    // Held for the balance on its day; the money arrives; its maker releases it.
    const short = await payable(OPERATOR, 50_000);
    const opts = (sandbox.sandbox.core as unknown as { opts: { balanceCents: number } }).opts;
    const before = opts.balanceCents;
    opts.balanceCents = 1_000;
    try {
      await submitTransfer(h.store.db, short.id, TEST_ENGINE_SETTINGS, short.sendAt!);
    } finally {
      opts.balanceCents = before;
    }
    expect(await stateOf(short.id)).toMatchObject({ state: "held", outcome: { kind: "held", reasons: ["insufficient_balance"] } });
    await expect(releaseTransfer(h.store.db, short.id, APPROVER)).rejects.toMatchObject({ code: "not_maker" });
    const { ready } = await releaseTransfer(h.store.db, short.id, OPERATOR);
    expect(ready.map((r) => r.id)).toEqual([short.id]);
    await submitTransfer(h.store.db, short.id, TEST_ENGINE_SETTINGS, new Date(short.sendAt!.getTime() + 60_000));
    expect(paymentsWith(short.idempotentId)).toBe(1);

    // Made with a token that expired: released, it is checked again and held again.
    const expiring = await tokenFor(1);
    const row = await payable(expiring.maker, 50_000);
    await h.store.db.update(serviceTokens).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(serviceTokens.id, expiring.tokenId));
    await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, row.sendAt!);
    expect((await stateOf(row.id)).state).toBe("held");
    await releaseTransfer(h.store.db, row.id, expiring.maker);
    await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, new Date(row.sendAt!.getTime() + 60_000));
    expect(await stateOf(row.id)).toMatchObject({ state: "held", outcome: { kind: "held", reasons: ["token_invalid"] } });
    expect(paymentsWith(row.idempotentId)).toBe(0);
  });

  it("an approval voided when its approver lost approve no longer counts: two needed, one voided, one new: still waiting (kills: voided approvals counted)", async () => {
    await usePolicy(h.store.db, TIGHTER);
    const demoted = person(`approver-voided-${++k}`, "approver");
    await seedTestPeople(h.store.db, [demoted]);
    const { transfer } = await createTransfer(h.store.db, null, {
      transfer: transferOf(newIdempotentId("void"), 300_000, { pix_key: `void-${Date.now().toString(36)}@send-time.test`, receiver_document: cpf(++k) }),
      maker: OPERATOR,
      policy: TIGHTER,
    });
    expect(transfer.approvalsRequired).toBe(2);
    await approveTransfer(h.store.db, transfer.id, demoted);
    expect(await changeUserOrAsk({ db: h.store.db }, demoted.id, { role: "viewer" }, ADMIN)).toHaveProperty("applied");
    expect(await approveTransfer(h.store.db, transfer.id, APPROVER)).toMatchObject({ approved: false });
    expect((await stateOf(transfer.id)).state).toBe("awaiting_approval");
    expect(await approveTransfer(h.store.db, transfer.id, APPROVER_2)).toMatchObject({ approved: true });
  });
});
