import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmPendingChange, issueServiceTokenOrAsk } from "@/lib/admin-changes/service";
import { approveBatch, submitBatch } from "@/lib/batches/service";
import { uploadBatch } from "@/lib/batches/upload";
import { auditLog } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { cpfCheckDigits } from "@/lib/pix/cpf";
import { createServiceAccount } from "@/lib/service-accounts/service";
import { serviceAccountLabel } from "@/lib/service-accounts/ids";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";
import { SENT_STATES, startEngineHarness, waitForState, type EngineHarness } from "@/lib/transfers/testing/harness";
import { guardRefusal } from "@/lib/testing/guard-refusal";

/**
 * Four eyes without seams, through the API as a caller uses it: no credential and no way of
 * writing a destination lets one person move money alone. Each test fails on the code before
 * the rule it names (who acted as the maker; sums that follow the money; text that cannot deceive).
 */
type User = { id: string; email: string; name: string; role: string };
const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string; role: string } }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: string) => {
      const user = auth.user;
      if (!user) return { response: guardRefusal(401, "sign in") };
      return can(user.role as never, permission as never) ? { user: { ...user, verifiedAt: new Date() } } : { response: guardRefusal(403, "forbidden") };
    }),
  };
});

const { POST: CREATE } = await import("./route");
const { POST: APPROVE } = await import("./[id]/approve/route");
const { POST: SET_LOCALE } = await import("@/app/api/me/locale/route");

const APP = "http://localhost:3000";
const OPERATOR: User = { id: "fe-op", email: "operator@fe.test", name: "Op", role: "operator" };
const APPROVER: User = { id: "fe-ap", email: "approver@fe.test", name: "Ap", role: "approver" };
const ADMIN: User = { id: "fe-ad", email: "admin@fe.test", name: "Ad", role: "admin" };
const ADMIN_2: User = { id: "fe-ad2", email: "admin2@fe.test", name: "Ad 2", role: "admin" };

let n = 0;
const newId = (what: string) => `fe-${what}-${Date.now().toString(36)}-${++n}`;
/** A valid CPF from a number (its check digits computed). */
const cpf = (i: number) => {
  const base = String(100_000_000 + i * 7_919).slice(0, 9);
  return base + cpfCheckDigits(base);
};
const post = (body: unknown, headers: Record<string, string>) =>
  CREATE(new Request(`${APP}/api/transfers`, { method: "POST", headers: { "content-type": "application/json", origin: APP, cookie: "NEXT_LOCALE=en", ...headers }, body: JSON.stringify(body) }));
const asUser = async (user: User, body: unknown) => {
  auth.user = user;
  return post(body, {});
};
const withToken = (token: string, body: unknown) => {
  auth.user = null;
  return post(body, { authorization: `Bearer ${token}`, cookie: "NEXT_LOCALE=en" });
};
type Created = { transfer: { id: string; state: string; approvals_required: number; approval_need: { window_basis: string; window_key: string | null; window_sum_cents: number } | null } };
const approve = (user: User, id: string) => {
  auth.user = user;
  return APPROVE(new Request(`${APP}/api/transfers/${id}/approve`, { method: "POST", headers: { "content-type": "application/json", origin: APP, cookie: "NEXT_LOCALE=en" }, body: "{}" }), {
    params: Promise.resolve({ id }),
  });
};

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000 });
});
afterAll(() => sandbox.close());
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id);

describe.each(TEST_ENGINES)("four eyes without seams on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    await seedTestPeople(h.store.db, [OPERATOR, APPROVER, ADMIN, ADMIN_2]);
  });
  afterAll(() => h?.close());
  beforeEach(() => sandbox.clearFaults());

  /** An operator service account whose token admin asked for and admin2 confirmed (and was shown). */
  const tokenOfTwoAdmins = async () => {
    const db = h.store.db;
    const account = await createServiceAccount({ db }, { name: `ERP ${newId("sa")}`, role: "operator" }, ADMIN);
    const asked = await issueServiceTokenOrAsk({ db }, account.id, {}, ADMIN);
    if (!("pending" in asked)) throw new Error("an operator's token was issued at once");
    const confirmed = await confirmPendingChange({ db }, asked.pending.id, { kind: "admin", id: ADMIN_2.id, email: ADMIN_2.email });
    return { account, token: confirmed.serviceToken!.value, tokenId: confirmed.serviceToken!.id };
  };

  it("the token's holders are its makers: neither the admin who asked for it nor the one who confirmed it approves its R$ 5.000,00 (403, audited); an approver does, and it is paid once", async () => {
    const { account, token } = await tokenOfTwoAdmins();
    const id = newId("token");
    const res = await withToken(token, { ...dictBody(id, 500_000), pix_key: `${id}@fe.test` });
    expect(res.status).toBe(201);
    const { transfer } = (await res.json()) as Created;
    expect(transfer).toMatchObject({ state: "awaiting_approval", approvals_required: 1 });

    for (const holder of [ADMIN_2, ADMIN]) {
      const refused = await approve(holder, transfer.id);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toMatch(/token/i);
    }
    const refusals = await h.store.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "transfer.approve"), eq(auditLog.outcome, "refused"), eq(auditLog.target, transfer.id)));
    expect(refusals.map((r) => [r.actorId, (r.detail as { reason: string }).reason])).toEqual([
      [ADMIN_2.id, "transfers.errors.heldTheToken"],
      [ADMIN.id, "transfers.errors.heldTheToken"],
    ]);
    expect(paymentsWith(id)).toHaveLength(0);

    expect((await approve(APPROVER, transfer.id)).status).toBe(200);
    await waitForState(h.store, transfer.id, SENT_STATES);
    expect(paymentsWith(id)).toHaveLength(1);
    expect(account.role).toBe("operator");
  });

  it("a batch uploaded and submitted with a token: its holders may not approve it either", async () => {
    const { account, token: _token, tokenId } = await tokenOfTwoAdmins();
    const maker = { id: account.id, email: serviceAccountLabel(account.name), tokenId };
    const csv = ["idempotent_id;value;receiver_name;receiver_document;pix_key_type;pix_key", `${newId("b")};1500,00;Fornecedor Lote;${cpf(41)};email;lote.${n}@fe.test`].join("\r\n");
    const uploaded = await uploadBatch(h.store.db, { bytes: new TextEncoder().encode(csv), fileName: "lote.csv", contentType: "text/csv", maker, ip: null, allowDuplicate: true });
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    await submitBatch(h.store.db, null, uploaded.batch.id, maker, { tiers: [{ from_cents: 0, approvals: 0 }, { from_cents: 100_000, approvals: 1 }], expiry_hours: 24 }, { ratePerSecond: 100 });
    for (const holder of [ADMIN, ADMIN_2]) {
      await expect(approveBatch(h.store.db, null, uploaded.batch.id, holder, { ratePerSecond: 100 })).rejects.toMatchObject({ code: "own_request", key: "transfers.errors.heldTheToken" });
    }
    expect(await approveBatch(h.store.db, null, uploaded.batch.id, APPROVER, { ratePerSecond: 100 })).toEqual({ approved: true });
  });

  it("splitting by document does not dodge approval: four R$ 999,00 to one e-mail key under four CPFs need what their sum needs, and say it was the key's sum", async () => {
    const key = `${newId("split")}@fe.test`;
    const needs: number[] = [];
    let second: Created["transfer"] | undefined;
    for (let i = 0; i < 4; i++) {
      const res = await asUser(OPERATOR, { ...dictBody(newId("split"), 99_900), receiver_document: cpf(i + 1), pix_key: key.toUpperCase() });
      const { transfer } = (await res.json()) as Created;
      needs.push(transfer.approvals_required);
      if (i === 1) second = transfer;
    }
    expect(needs).toEqual([0, 1, 1, 1]);
    expect(second?.approval_need).toMatchObject({ window_basis: "pix_key", window_key: key, window_sum_cents: 199_800 });
  });

  it("the same bank account written two ways (agency 0001 and 1, account with leading zeros) under two CPFs is one destination", async () => {
    const account = String(10_000 + n);
    const bank = (agency: string, acc: string, doc: string) => ({
      idempotent_id: newId("acct"),
      value_cents: 99_900,
      initiation_type: "manual",
      receiver_name: "Fornecedor Conta",
      receiver_document: doc,
      receiver_bank_ispb: "60746948",
      receiver_agency: agency,
      receiver_account: acc,
      receiver_account_type: "CACC",
    });
    const first = (await (await asUser(OPERATOR, bank("0001", `000${account}`, cpf(71)))).json()) as Created;
    const second = (await (await asUser(OPERATOR, bank("1", account, cpf(72)))).json()) as Created;
    expect([first.transfer.approvals_required, second.transfer.approvals_required]).toEqual([0, 1]);
    expect(second.transfer.approval_need).toMatchObject({ window_basis: "account" });
  });

  it("a person and the token they hold are one maker: R$ 600 by session and R$ 600 by token to one key need one approval", async () => {
    const { token } = await tokenOfTwoAdmins();
    const key = `${newId("group")}@fe.test`;
    const bySession = (await (await asUser(ADMIN, { ...dictBody(newId("g"), 60_000), pix_key: key, receiver_document: cpf(81) })).json()) as Created;
    const byToken = (await (await withToken(token, { ...dictBody(newId("g"), 60_000), pix_key: key, receiver_document: cpf(82) })).json()) as Created;
    expect([bySession.transfer.approvals_required, byToken.transfer.approvals_required]).toEqual([0, 1]);
  });

  it("a token never acts as a person's own account: /api/me/* answers 403 and changes nothing (kills: 'account' left out of what tokens never have)", async () => {
    const { token } = await tokenOfTwoAdmins();
    auth.user = null;
    const res = await SET_LOCALE(new Request(`${APP}/api/me/locale`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ locale: "en" }) }));
    expect(res.status).toBe(403);
  });

  it("names and descriptions that could deceive are refused (422 on the field): a right-to-left override, a line break; nothing is made", async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["receiver_name", { receiver_name: "Bidi \u202Egnp.exe\u202C Ltda" }, "receiver_name"],
      ["receiver_name", { receiver_name: "Maria\nSilva" }, "receiver_name"],
      ["description", { description: "Aluguel\u2066 de dezembro" }, "description"],
      ["description", { description: "linha 1\r\nlinha 2" }, "description"],
    ];
    for (const [, extra, field] of cases) {
      const id = newId("bidi");
      const res = await asUser(OPERATOR, { ...dictBody(id, 1_000), ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(body.fields)).toContain(field);
      expect(body.fields[field]).toMatch(/line breaks|direction/i);
      expect(paymentsWith(id)).toHaveLength(0);
    }
  });
});
