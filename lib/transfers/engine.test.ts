import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { transferEvents, transferRequests } from "@/lib/db/schema";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { submitTransfer } from "./engine";
import { getTransfer } from "./store";
import { approvedRequest, later, newIdempotentId, TEST_ENGINE } from "./testing/fixtures";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 500_000_000 });
});
afterAll(() => sandbox.close());

const posts = () => sandbox.calls.filter((c) => c.method === "POST" && c.path === "/v1/pix/payments");
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;

describe.each(TEST_ENGINES)("the submit engine on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  beforeEach(async () => {
    await sandbox.clearFaults();
    sandbox.calls.length = 0;
  });

  const stateOf = async (id: string) => (await store.db.select().from(transferRequests).where(eq(transferRequests.id, id)))[0];

  it("happy path: approved -> submitting -> registered, one payment, the timeline and the outcome kept", async () => {
    const row = await approvedRequest(store.db);
    const result = await submitTransfer(store.db, row.id, TEST_ENGINE);
    expect(result).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: false } });
    const detail = await getTransfer(store.db, row.id);
    expect(detail).toMatchObject({ state: "registered", attempts: 1, reference_code: expect.any(String), provider_status: "auto_authorization" });
    expect(detail?.history.map((e) => e.to_state)).toEqual(["approved", "submitting", "registered"]);
    expect(detail?.history.at(-1)?.outcome).toMatchObject({ kind: "registered" });
    expect(paymentsWith(row.idempotentId)).toBe(1);
    // Settled: a second job finds nothing to do and sends nothing.
    sandbox.calls.length = 0;
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE, later())).toEqual({ done: false, state: "registered" });
    expect(sandbox.calls).toHaveLength(0);
  });

  const faults = [
    { fault: "timeout-after-commit", first: "registered" },
    { fault: "malformed-json", first: "registered" },
    { fault: "500", first: "approved" },
    { fault: "reset", first: "approved" },
    { fault: "timeout", first: "approved" },
  ] as const;
  for (const { fault, first } of faults) {
    it(`${fault}: ${first === "registered" ? "settled by reading back" : "nothing registered, retried with the same id"}; exactly one payment`, async () => {
      const row = await approvedRequest(store.db);
      await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      const one = await submitTransfer(store.db, row.id, TEST_ENGINE);
      expect(one).toMatchObject({ done: true, state: first });
      if (first === "approved") {
        expect(one).toMatchObject({ outcome: { kind: "not_registered", sent: true }, retryAt: expect.any(Date) });
        expect(paymentsWith(row.idempotentId)).toBe(0);
        // Not due yet: a job that comes early does nothing.
        expect(await submitTransfer(store.db, row.id, TEST_ENGINE)).toEqual({ done: false, state: "approved" });
        const two = await submitTransfer(store.db, row.id, TEST_ENGINE, later());
        expect(two).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: false } });
      } else {
        expect(one).toMatchObject({ outcome: { kind: "registered", found_by_read_back: true } });
      }
      expect(posts().every((c) => c.path === "/v1/pix/payments")).toBe(true);
      expect(paymentsWith(row.idempotentId)).toBe(1);
      const sent = (await stateOf(row.id))!;
      expect(sent.state).toBe("registered");
    });
  }

  it("gives up after the configured attempts: failed with the reason, no payment", async () => {
    const row = await approvedRequest(store.db);
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 10 });
    let result = await submitTransfer(store.db, row.id, TEST_ENGINE);
    for (let i = 1; i < TEST_ENGINE.maxAttempts; i++) result = await submitTransfer(store.db, row.id, TEST_ENGINE, later());
    expect(result).toMatchObject({ done: true, state: "failed", outcome: { kind: "not_registered", lost: { failure: "server_error" } } });
    expect(posts()).toHaveLength(TEST_ENGINE.maxAttempts);
    expect(paymentsWith(row.idempotentId)).toBe(0);
    const events = await store.db.select().from(transferEvents).where(eq(transferEvents.transferId, row.id));
    expect(events.at(-1)?.note).toEqual({ key: "transfers.notes.gaveUp", values: { attempts: TEST_ENGINE.maxAttempts } });
  });

  it("a refusal is final and never retried", async () => {
    const row = await approvedRequest(store.db, newIdempotentId("blocked"), 5_000, { receiver_document: "52998224725" });
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE)).toMatchObject({
      state: "refused",
      outcome: { kind: "refused", http_status: 403, message: "Receiver not allowed" },
    });
    sandbox.calls.length = 0;
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE, later())).toEqual({ done: false, state: "refused" });
    expect(sandbox.calls).toHaveLength(0);
  });

  it("an answer lost AND a failed read-back: outcome_unknown; later settled by reading back, one payment", async () => {
    const row = await approvedRequest(store.db);
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit", times: 1 });
    const pending = submitTransfer(store.db, row.id, TEST_ENGINE);
    while (posts().length === 0) await new Promise((r) => setTimeout(r, 5));
    await sandbox.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 1_000 });
    expect(await pending).toMatchObject({ state: "outcome_unknown", outcome: { kind: "unknown" } });
    // Still unknown while the provider cannot be read: a pre-check that fails sends nothing and keeps it unknown.
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE, later())).toMatchObject({ state: "outcome_unknown", outcome: { kind: "unknown" } });
    expect(posts()).toHaveLength(1);
    await sandbox.clearFaults();
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE, later())).toMatchObject({
      state: "registered",
      outcome: { kind: "registered", found_by_read_back: true },
    });
    expect(posts()).toHaveLength(1);
    expect(paymentsWith(row.idempotentId)).toBe(1);
  });

  it("two workers on one request: one claims it, the other does nothing; one POST", async () => {
    const row = await approvedRequest(store.db);
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "delay", delayMs: 200, times: 1 });
    const results = await Promise.all([submitTransfer(store.db, row.id, TEST_ENGINE), submitTransfer(store.db, row.id, TEST_ENGINE)]);
    expect(results.filter((r) => r.done)).toHaveLength(1);
    expect(results.find((r) => !r.done)).toMatchObject({ done: false });
    expect(posts()).toHaveLength(1);
    expect(paymentsWith(row.idempotentId)).toBe(1);
  });

  it("a claim whose worker died (lease lapsed) is taken over: read back first, found, registered; the dead worker's late answer is dropped", async () => {
    const row = await approvedRequest(store.db);
    // A worker claimed it and sent it, then died before recording anything.
    await submitTransfer(store.db, row.id, { ...TEST_ENGINE, leaseMs: 1 });
    await store.db.update(transferRequests).set({ state: "submitting", claimToken: "dead-worker", leaseUntil: new Date(Date.now() - 1000) }).where(eq(transferRequests.id, row.id));
    sandbox.calls.length = 0;
    const taken = await submitTransfer(store.db, row.id, TEST_ENGINE);
    expect(taken).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: true } });
    expect(posts()).toHaveLength(0);
    expect(paymentsWith(row.idempotentId)).toBe(1);
  });
});
