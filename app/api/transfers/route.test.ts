import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { auditStoreDown, auditStoreUp } from "@/lib/auth/test-auth";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { startEngineHarness, waitForState, type EngineHarness } from "@/lib/transfers/testing/harness";
import { APPROVER, seedTestPeople } from "@/lib/transfers/testing/fixtures";
import { approveTransfer } from "@/lib/transfers/server/service";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string; role: string } }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: string) => {
      const user = auth.user;
      if (!user) return { response: guardRefusal(401, "sign in") };
      return can(user.role as never, permission as never) ? { user } : { response: guardRefusal(403, "forbidden") };
    }),
  };
});

const { GET, POST } = await import("./route");
const { GET: GET_ONE } = await import("./[id]/route");

const APP = "http://localhost:3000";
const OPERATOR = { id: "u-operator", email: "operator@demo.test", name: "Olivia", role: "operator" };
let n = 0;
const newId = () => `api-${Date.now().toString(36)}-${++n}`;
const post = (body: unknown) =>
  POST(
    new Request(`${APP}/api/transfers`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP, cookie: "NEXT_LOCALE=en" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
const getOne = (id: string) => GET_ONE(new Request(`${APP}/api/transfers/${id}`), { params: Promise.resolve({ id }) });

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000 });
});
afterAll(() => sandbox.close());
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id);

describe.each(TEST_ENGINES)("POST/GET /api/transfers on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    await seedTestPeople(h.store.db, [OPERATOR]);
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    auth.user = OPERATOR;
    await sandbox.clearFaults();
  });

  it("creates a request (201), the queue sends it at once, and it ends registered with the provider's reference", async () => {
    const id = newId();
    const res = await post(dictBody(id, 12_345));
    expect(res.status).toBe(201);
    const { transfer } = (await res.json()) as { transfer: { id: string; idempotent_id: string; state: string; maker: { email: string } } };
    expect(transfer).toMatchObject({ idempotent_id: id, state: "approved", maker: { email: OPERATOR.email } });
    const done = await waitForState(h.store, transfer.id, ["registered"]);
    expect(done.reference_code).toBe(paymentsWith(id)[0]?.reference_code);
    const read = (await (await getOne(transfer.id)).json()) as { transfer: { state: string; history: Array<{ to_state: string }> } };
    expect(read.transfer.state).toBe("registered");
    expect(read.transfer.history.map((e) => e.to_state)).toEqual(["approved", "submitting", "registered"]);
    const audit = await h.store.db.select().from(auditLog).where(eq(auditLog.target, id));
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([
      ["transfer.create", "approved"],
      ["transfer.submit", "registered"],
    ]);
    expect(audit[1]?.detail).toMatchObject({ attempt: 1, outcome: { kind: "registered", reference_code: done.reference_code } });
  });

  it("20 concurrent requests with one idempotent_id: one 201, nineteen 200 with the same request; one row, one payment", async () => {
    const id = newId();
    const body = dictBody(id, 4_321);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { transfer: { id: string } }).transfer.id)));
    expect(ids.size).toBe(1);
    expect(await h.store.db.select().from(transferRequests).where(eq(transferRequests.idempotentId, id))).toHaveLength(1);
    await waitForState(h.store, [...ids][0]!, ["registered"]);
    expect(paymentsWith(id)).toHaveLength(1);
  });

  it("a repeat of a request answers it as it is now: the approval given since the first answer is in it", async () => {
    const id = newId();
    const body = { ...dictBody(id, 250_000), receiver_document: "529.982.247-25", pix_key: `repeat-${id}@example.com` };
    const first = (await (await post(body)).json()) as { transfer: { id: string; state: string; approvals: unknown[] } };
    expect(first.transfer).toMatchObject({ state: "awaiting_approval", approvals: [] });
    await approveTransfer(h.store.db, first.transfer.id, APPROVER);
    await h.queue.enqueue(first.transfer.id); // what the decision route does after the approval: it goes out
    const again = await post(body);
    expect(again.status).toBe(200);
    const repeat = (await again.json()) as { transfer: { id: string; approvals: Array<{ approver: { email: string } }> } };
    expect(repeat.transfer.id).toBe(first.transfer.id);
    expect(repeat.transfer.approvals.map((a) => a.approver.email)).toEqual([APPROVER.email]);
  });

  it("the same id with another transfer is 409, in the caller's language; nothing is created", async () => {
    const id = newId();
    expect((await post(dictBody(id, 1_000))).status).toBe(201);
    const res = await post(dictBody(id, 1_001));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ kind: "conflict_body", error: expect.stringContaining(id) });
  });

  it("refuses bad input with 422 naming the field (NUL bytes included) and creates nothing", async () => {
    const id = newId();
    const bad = await post({ ...dictBody(id), receiver_document: "111.111.111-11" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toHaveProperty("receiver_document");
    const nul = await post({ ...dictBody(id), receiver_name: "Maria\u0000Silva" });
    expect(nul.status).toBe(422);
    expect(((await nul.json()) as { fields: Record<string, string> }).fields).toHaveProperty("receiver_name");
    expect((await post("{not json")).status).toBe(400);
    expect(await h.store.db.select().from(transferRequests).where(eq(transferRequests.idempotentId, id))).toHaveLength(0);
  });

  it("no audit row, no request: when the audit log cannot be written nothing is created and nothing sent", async () => {
    const id = newId();
    await auditStoreDown(h.store.db);
    try {
      const res = await post(dictBody(id));
      expect(res.status).toBe(503);
    } finally {
      await auditStoreUp(h.store.db);
    }
    expect(await h.store.db.select().from(transferRequests).where(eq(transferRequests.idempotentId, id))).toHaveLength(0);
    expect(paymentsWith(id)).toHaveLength(0);
  });

  it("lists requests newest first, filtered by state; every role reads them, only makers make them", async () => {
    // What the tests above sent is registered once the queue has sent it.
    await expect.poll(
      async () => ((await (await GET(new Request(`${APP}/api/transfers?state=submitting,approved`))).json()) as { transfers: unknown[] }).transfers.length,
      { timeout: 30_000 },
    ).toBe(0);
    // Registered, or already paid when the sandbox's clock moved on: filtered by those two states.
    const res = await GET(new Request(`${APP}/api/transfers?state=registered,paid`));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { transfers: Array<{ state: string; created_at: string }>; meta: { total: number } };
    expect(body.transfers.length).toBeGreaterThan(0);
    expect(body.transfers.every((t) => ["registered", "paid"].includes(t.state))).toBe(true);
    const times = body.transfers.map((t) => t.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await GET(new Request(`${APP}/api/transfers?state=nonsense`))).status).toBe(400);
    // One page: no cursor to follow. A cursor the list did not give is refused, naming the field.
    expect((body.meta as { next_cursor?: string | null }).next_cursor).toBeNull();
    const forged = await GET(new Request(`${APP}/api/transfers?cursor=${encodeURIComponent(btoa("1.a b"))}`));
    expect(forged.status).toBe(400);
    expect(Object.keys(((await forged.json()) as { fields: Record<string, string> }).fields)).toEqual(["cursor"]);
    // Viewer and support read the list (finance reads descriptions and who approved); they make nothing.
    for (const role of ["viewer", "support"]) {
      auth.user = { ...OPERATOR, role };
      expect((await GET(new Request(`${APP}/api/transfers`))).status, role).toBe(200);
      expect((await post(dictBody(newId()))).status, role).toBe(403);
    }
  });
});
