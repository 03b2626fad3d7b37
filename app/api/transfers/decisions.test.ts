import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { uploadBatch } from "@/lib/batches/upload";
import { submitBatch } from "@/lib/batches/service";
import { auditLog, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { cpfCheckDigits } from "@/lib/pix/cpf";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { createTransfer } from "@/lib/transfers/server/create";
import { DEFAULT_POLICY } from "@/lib/transfers/policy";
import { newIdempotentId, seedTestPeople, transferOf, usePolicy } from "@/lib/transfers/testing/fixtures";
import { startEngineHarness, type EngineHarness } from "@/lib/transfers/testing/harness";
import { guardRefusal } from "@/lib/testing/guard-refusal";

/**
 * Several decisions in one request: the server decides each item on its own (a refusal does not
 * stop the others), a series and a batch are one item each, and the whole run is the server's,
 * so a tab closed after the click leaves nothing undecided.
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
const { POST: DECIDE } = await import("./decisions/route");

const APP = "http://localhost:3000";
const OPERATOR: User = { id: "bd-op", email: "operator@bd.test", name: "Op", role: "operator" };
const APPROVER: User = { id: "bd-ap", email: "approver@bd.test", name: "Ap", role: "approver" };
const RUN = Date.now() % 10_000;
let k = 0;
const cpf = () => {
  const base = String(400_000_000 + (RUN * 100 + ++k) * 7_919).slice(0, 9);
  return base + cpfCheckDigits(base);
};
const decide = async (user: User, body: unknown) => {
  auth.user = user;
  const res = await DECIDE(new Request(`${APP}/api/transfers/decisions`, { method: "POST", headers: { "content-type": "application/json", origin: APP, cookie: "NEXT_LOCALE=pt-BR" }, body: JSON.stringify(body) }));
  return { status: res.status, body: (await res.json()) as { results: Array<{ kind: string; id: string; status: string; error?: string }>; fields?: Record<string, string> } };
};

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000 });
});
afterAll(() => sandbox.close());

describe.each(TEST_ENGINES)("bulk decisions on the server on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    await seedTestPeople(h.store.db, [OPERATOR, APPROVER]);
    await usePolicy(h.store.db, DEFAULT_POLICY);
  });
  afterAll(() => h?.close());

  const waiting = async (maker: User) =>
    (await createTransfer(h.store.db, null, { transfer: transferOf(newIdempotentId("bd"), 150_000, { receiver_document: cpf(), pix_key: `bd-${RUN}-${++k}@bd.test` }), maker, policy: DEFAULT_POLICY })).transfer;

  it("seven requests, a batch and a monthly series of 6 decided in one request: each its own result and audit row; the series is ONE item; the approver's own request is refused and the rest go on", async () => {
    const singles = await Promise.all(Array.from({ length: 7 }, () => waiting(OPERATOR)));
    const own = await waiting(APPROVER as User & { role: "approver" });
    const { transfer: first } = await createTransfer(h.store.db, null, {
      transfer: transferOf(newIdempotentId("bd-series"), 95_000, { receiver_document: cpf(), pix_key: `bd-series-${RUN}@bd.test` }),
      maker: OPERATOR,
      policy: DEFAULT_POLICY,
      payable: { scheduledFor: brazilDayKey(addBrazilDays(new Date(), 2)), recurrence: { every: "month", count: 6 } },
    });
    const csv = ["idempotent_id;value;receiver_name;receiver_document;pix_key_type;pix_key", `${newIdempotentId("bd-row")};2500,00;Fornecedor;${cpf()};email;bd-row-${RUN}@bd.test`].join("\r\n");
    const uploaded = await uploadBatch(h.store.db, { bytes: new TextEncoder().encode(csv), fileName: "lote.csv", contentType: "text/csv", maker: OPERATOR, ip: null, allowDuplicate: true });
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    await submitBatch(h.store.db, null, uploaded.batch.id, OPERATOR, DEFAULT_POLICY, { ratePerSecond: 100 });

    const items = [
      ...singles.map((t) => ({ kind: "transfer", id: t.id, decision: "approve" })),
      { kind: "transfer", id: own.id, decision: "approve" },
      { kind: "series", id: first.seriesId, decision: "approve" },
      { kind: "batch", id: uploaded.batch.id, decision: "approve" },
    ];
    const { status, body } = await decide(APPROVER, { items });
    expect(status).toBe(200);
    expect(body.results.map((r) => [r.kind, r.status])).toEqual([
      ...singles.map(() => ["transfer", "done"]),
      ["transfer", "refused"],
      ["series", "done"],
      ["batch", "done"],
    ]);
    expect(body.results[7]!.error).toMatch(/própria/);
    // The series: every occurrence scheduled by this one decision.
    const occurrences = await h.store.db.select({ state: transferRequests.state }).from(transferRequests).where(eq(transferRequests.seriesId, first.seriesId!));
    expect(occurrences.map((o) => o.state)).toEqual(Array(6).fill("scheduled"));
    // Each decision its own audit row (a refusal too).
    const approvals = await h.store.db.select().from(auditLog).where(eq(auditLog.actorId, APPROVER.id));
    expect(approvals.filter((a) => a.action === "transfer.approve" && a.outcome === "approved")).toHaveLength(8);
    expect(approvals.filter((a) => a.action === "transfer.approve" && a.outcome === "refused")).toHaveLength(1);
    expect(approvals.filter((a) => a.action === "batch.approve")).toHaveLength(1);
  });

  it("a rejection without its reason, an unknown kind, no items or more than 200: 422, nothing decided", async () => {
    const one = await waiting(OPERATOR);
    for (const body of [
      { items: [{ kind: "transfer", id: one.id, decision: "reject" }] },
      { items: [{ kind: "payment", id: one.id, decision: "approve" }] },
      { items: [] },
      { items: Array.from({ length: 201 }, () => ({ kind: "transfer", id: one.id, decision: "approve" })) },
    ]) {
      expect((await decide(APPROVER, body)).status).toBe(422);
    }
    const [after] = await h.store.db.select().from(transferRequests).where(eq(transferRequests.id, one.id));
    expect(after!.state).toBe("awaiting_approval");
    expect((await decide(OPERATOR, { items: [{ kind: "transfer", id: one.id, decision: "approve" }] })).status).toBe(403);
  });
});
