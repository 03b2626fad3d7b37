import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { reconcile } from "@/lib/transfers/server/reconcile";
import { SENT_STATES, startEngineHarness, waitForState, type EngineHarness } from "@/lib/transfers/testing/harness";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";
import { guardRefusal } from "@/lib/testing/guard-refusal";

type User = { id: string; email: string; name: string; role: string };
const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string; role: string } }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: string) => {
      const user = auth.user;
      if (!user) return { response: guardRefusal(401, "sign in") };
      // Signed in a moment ago: within the step-up window (lib/auth/step-up.ts).
      return can(user.role as never, permission as never) ? { user: { ...user, verifiedAt: new Date() } } : { response: guardRefusal(403, "forbidden") };
    }),
  };
});

const { POST: CREATE } = await import("./route");
const { GET: GET_ONE } = await import("./[id]/route");
const { POST: APPROVE } = await import("./[id]/approve/route");
const { POST: REJECT } = await import("./[id]/reject/route");
const { POST: CANCEL } = await import("./[id]/cancel/route");

const APP = "http://localhost:3000";
const OPERATOR: User = { id: "u-op", email: "operator@test.example", name: "Op", role: "operator" };
const OPERATOR_2: User = { id: "u-op2", email: "operator2@test.example", name: "Op 2", role: "operator" };
const APPROVER: User = { id: "u-ap", email: "approver@test.example", name: "Ap", role: "approver" };
const APPROVER_2: User = { id: "u-ap2", email: "approver2@test.example", name: "Ap 2", role: "approver" };
const ADMIN: User = { id: "u-ad", email: "admin@test.example", name: "Ad", role: "admin" };
const SUPPORT: User = { id: "u-su", email: "support@test.example", name: "Su", role: "support" };

let n = 0;
const newId = () => `appr-${Date.now().toString(36)}-${++n}`;
const json = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json", origin: APP, cookie: "NEXT_LOCALE=en" }, body: JSON.stringify(body) });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
async function as<T>(user: User, fn: () => Promise<T>): Promise<T> {
  auth.user = user;
  return fn();
}
const create = async (user: User, body: unknown) => {
  const res = await as(user, () => CREATE(new Request(`${APP}/api/transfers`, json(body))));
  return { status: res.status, transfer: ((await res.json()) as { transfer: { id: string; state: string; approvals_required: number } }).transfer };
};
const approve = (user: User, id: string) => as(user, () => APPROVE(new Request(`${APP}/api/transfers/${id}/approve`, json({})), params(id)));
const reject = (user: User, id: string, body: unknown) => as(user, () => REJECT(new Request(`${APP}/api/transfers/${id}/reject`, json(body)), params(id)));
const cancel = (user: User, id: string) => as(user, () => CANCEL(new Request(`${APP}/api/transfers/${id}/cancel`, json({})), params(id)));
const detail = async (id: string) =>
  ((await (await as(ADMIN, () => GET_ONE(new Request(`${APP}/api/transfers/${id}`), params(id)))).json()) as { transfer: { state: string; approvals: unknown[]; decision_reason: string | null } }).transfer;

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000 });
});
afterAll(() => sandbox.close());
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id);
const callsFor = (id: string) => sandbox.calls.filter((c) => c.url.includes(encodeURIComponent(id)) || (c.method === "POST" && paymentsWith(id).length > 0));

describe.each(TEST_ENGINES)("maker-checker through the API on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    await seedTestPeople(h.store.db, [OPERATOR, OPERATOR_2, APPROVER, APPROVER_2, ADMIN, SUPPORT]);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    await sandbox.clearFaults();
  });

  it("R$ 2.500,00 waits for one approver: nothing reaches the provider before; after the approval exactly one payment, authorized", async () => {
    const id = newId();
    const created = await create(OPERATOR, dictBody(id, 250_000));
    expect(created).toMatchObject({ status: 201, transfer: { state: "awaiting_approval", approvals_required: 1 } });
    await new Promise((r) => setTimeout(r, 1_200)); // the workers poll: they must find nothing to send
    expect(paymentsWith(id)).toHaveLength(0);
    expect(callsFor(id)).toHaveLength(0);
    expect((await approve(APPROVER, created.transfer.id)).status).toBe(200);
    const done = await waitForState(h.store, created.transfer.id, SENT_STATES);
    expect(done.approvals.map((a) => a.approver.email)).toEqual([APPROVER.email]);
    expect(paymentsWith(id)).toHaveLength(1);
    expect(paymentsWith(id)[0]?.status).not.toBe("authorization_pending");
    const audit = await h.store.db.select().from(auditLog).where(eq(auditLog.target, id));
    expect(audit.map((a) => [a.action, a.actorEmail, a.outcome])).toEqual([
      ["transfer.create", OPERATOR.email, "awaiting_approval"],
      ["transfer.approve", APPROVER.email, "approved"],
      ["transfer.submit", null, "registered"],
    ]);
  });

  it("below R$ 1.000,00 nothing waits: approved at once and sent", async () => {
    // A destination this operator has not paid in the last 24 hours, by document or by key (the tiers apply to those sums).
    const created = await create(OPERATOR, { ...dictBody(newId(), 99_999), receiver_document: "11144477735", pix_key: "novo.recebedor@example.com" });
    expect(created.transfer).toMatchObject({ state: "approved", approvals_required: 0 });
    await waitForState(h.store, created.transfer.id, SENT_STATES);
  });

  it("R$ 10.000,00 needs two different people; one person counts once", async () => {
    const id = newId();
    const { transfer } = await create(OPERATOR, dictBody(id, 1_000_000));
    expect(transfer.approvals_required).toBe(2);
    expect((await approve(APPROVER, transfer.id)).status).toBe(200);
    expect(await detail(transfer.id)).toMatchObject({ state: "awaiting_approval", approvals: [expect.anything()] });
    const twice = await approve(APPROVER, transfer.id);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { error: string }).error).toMatch(/already approved/);
    expect(paymentsWith(id)).toHaveLength(0);
    expect((await approve(ADMIN, transfer.id)).status).toBe(200);
    await waitForState(h.store, transfer.id, SENT_STATES);
    expect(paymentsWith(id)).toHaveLength(1);
  });

  it("nobody approves their own request; viewer, support and operators cannot approve at all", async () => {
    const { transfer } = await create(ADMIN, dictBody(newId(), 500_000));
    const own = await approve(ADMIN, transfer.id);
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: string }).error).toMatch(/own request/);
    expect((await approve(SUPPORT, transfer.id)).status).toBe(403);
    expect((await approve(OPERATOR, transfer.id)).status).toBe(403);
    expect((await detail(transfer.id)).state).toBe("awaiting_approval");
  });

  it("a rejection needs a reason, is shown to the maker, and nothing is ever sent; deciding again is 409 with the reason", async () => {
    const id = newId();
    const { transfer } = await create(OPERATOR, dictBody(id, 300_000));
    expect((await reject(APPROVER, transfer.id, { reason: " " })).status).toBe(422);
    expect((await reject(APPROVER, transfer.id, { reason: "Supplier not onboarded yet" })).status).toBe(200);
    expect(await detail(transfer.id)).toMatchObject({ state: "rejected", decision_reason: "Supplier not onboarded yet" });
    const late = await approve(APPROVER_2, transfer.id);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe("This request was rejected.");
    await new Promise((r) => setTimeout(r, 700));
    expect(paymentsWith(id)).toHaveLength(0);
  });

  it("an expired request is never sent and cannot be approved; the maker may cancel while waiting, nobody else", async () => {
    const id = newId();
    const { transfer } = await create(OPERATOR, dictBody(id, 200_000));
    await h.store.db.update(transferRequests).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(transferRequests.id, transfer.id));
    const report = await reconcile(h.store.db, { staleSeconds: 3_600, refreshMinutes: 60, windowHours: 1 }, async () => {});
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect((await detail(transfer.id)).state).toBe("expired");
    const late = await approve(APPROVER, transfer.id);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(/expired/);

    const other = await create(OPERATOR, dictBody(newId(), 200_000));
    expect((await cancel(OPERATOR_2, other.transfer.id)).status).toBe(403);
    expect((await cancel(OPERATOR, other.transfer.id)).status).toBe(200);
    expect((await detail(other.transfer.id)).state).toBe("canceled");
    expect(paymentsWith(id)).toHaveLength(0);
  });
});
