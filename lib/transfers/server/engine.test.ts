import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { auditLog, transferEvents, transferRequests } from "@/lib/db/schema";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { submissionStepTotals } from "@/lib/metrics/registry";
import { submitTransfer } from "./engine";
import { getTransfer } from "./store";
import { approvedRequest, later, newIdempotentId, TEST_ENGINE_SETTINGS } from "../testing/fixtures";

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 500_000_000 });
});
afterAll(() => sandbox.close());

const posts = () => sandbox.calls.filter((c) => c.method === "POST" && c.path === "/v1/pix/payments");
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;
const MINUTE = 60_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

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

  const rowOf = async (id: string) => (await store.db.select().from(transferRequests).where(eq(transferRequests.id, id)))[0]!;

  it("happy path: approved -> submitting -> registered, one payment, sent authorized; the timeline, the outcome and the audit kept", async () => {
    const row = await approvedRequest(store.db);
    const result = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    expect(result).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: false } });
    const detail = await getTransfer(store.db, row.id);
    expect(detail).toMatchObject({ state: "registered", attempts: 1, reference_code: expect.any(String), provider_status: "auto_authorization" });
    expect(detail?.registered_at).toEqual(expect.any(String));
    expect(detail?.history.map((e) => e.to_state)).toEqual(["approved", "submitting", "registered"]);
    expect(paymentsWith(row.idempotentId)).toBe(1);
    const audit = await store.db.select().from(auditLog).where(eq(auditLog.target, row.idempotentId));
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([["transfer.submit", "registered"]]);
    // Settled: a second job finds nothing to do and sends nothing.
    sandbox.calls.length = 0;
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, later())).toEqual({ done: false, state: "registered" });
    expect(sandbox.calls).toHaveLength(0);
  });

  it("records the time of each step it ran (pix_transfer_submission_step_seconds): a sent request all six, a settled one only its claim", async () => {
    const since = async (before: Awaited<ReturnType<typeof submissionStepTotals>>) => {
      const now = await submissionStepTotals();
      return Object.fromEntries(Object.entries(now).map(([step, t]) => [step, { count: t.count - before[step as keyof typeof now].count, seconds: t.seconds - before[step as keyof typeof now].seconds }]));
    };
    const counts = (d: Record<string, { count: number }>) => Object.fromEntries(Object.entries(d).map(([step, t]) => [step, t.count]));
    const row = await approvedRequest(store.db);
    const start = await submissionStepTotals();
    await sandbox.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "delay", delayMs: 30, times: 1 });
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    const sent = await since(start);
    expect(counts(sent)).toEqual({ claim: 1, send_check: 1, read_back: 1, mark_posting: 1, post: 1, record: 1 });
    // The read-back was held 30 ms by the provider: its step says so (in seconds, as Prometheus counts).
    expect(sent.read_back!.seconds).toBeGreaterThanOrEqual(0.03);
    const middle = await submissionStepTotals();
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, later());
    expect(counts(await since(middle))).toEqual({ claim: 1, send_check: 0, read_back: 0, mark_posting: 0, post: 0, record: 0 });
  });

  for (const fault of ["timeout-after-commit", "malformed-json"] as const) {
    it(`${fault}: the answer was lost after the provider committed; one read-back at once settles it, one POST, one payment`, async () => {
      const row = await approvedRequest(store.db);
      await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS)).toMatchObject({
        done: true,
        state: "registered",
        outcome: { kind: "registered", found_by_read_back: true },
      });
      expect(posts()).toHaveLength(1);
      expect(paymentsWith(row.idempotentId)).toBe(1);
    });
  }

  for (const fault of ["timeout", "reset", "500"] as const) {
    it(`${fault}: an ambiguous POST is outcome_unknown, only read back until the settle horizon passes, then sent again with the same id: one payment`, async () => {
      const row = await approvedRequest(store.db);
      const t0 = new Date();
      await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      const first = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, t0);
      expect(first).toMatchObject({ done: true, state: "outcome_unknown", outcome: { kind: "unknown" } });
      // The next check comes soon, and never later than the horizon.
      if (!first.done) throw new Error("not done");
      expect(first.retryAt!.getTime()).toBeGreaterThan(t0.getTime());
      expect(first.retryAt!.getTime()).toBeLessThanOrEqual(t0.getTime() + TEST_ENGINE_SETTINGS.settleHorizonMs);
      expect((await rowOf(row.id)).lastPostAt?.getTime()).toBe(t0.getTime());

      // Checks inside the horizon: read back only, however many and however late.
      for (const minutes of [1, 5, 9.9]) {
        const check = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, at(t0, minutes * MINUTE));
        expect(check, `check at +${minutes} min`).toMatchObject({ done: true, state: "outcome_unknown" });
      }
      expect(posts()).toHaveLength(1);

      // Past the horizon, still absent: the same id goes out again.
      const after = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, at(t0, TEST_ENGINE_SETTINGS.settleHorizonMs + MINUTE));
      expect(after).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: false } });
      expect(posts()).toHaveLength(2);
      expect(paymentsWith(row.idempotentId)).toBe(1);
      expect((await rowOf(row.id)).attempts).toBe(2);
    });
  }

  it("a read-back that fails never counts as 'not there': past the horizon, it stays unknown and nothing is sent until a read succeeds", async () => {
    const row = await approvedRequest(store.db);
    const t0 = new Date();
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 1 });
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, t0);
    await sandbox.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 1_000 });
    const late = at(t0, 3 * TEST_ENGINE_SETTINGS.settleHorizonMs);
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, late)).toMatchObject({ done: true, state: "outcome_unknown" });
    expect(posts()).toHaveLength(1);
    await sandbox.clearFaults();
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, at(late, 2 * MINUTE))).toMatchObject({ state: "registered" });
    expect(posts()).toHaveLength(2);
    expect(paymentsWith(row.idempotentId)).toBe(1);
  });

  it("never sent, and the first read fails: nothing goes out; approved again after a backoff (not unknown)", async () => {
    const row = await approvedRequest(store.db);
    await sandbox.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 3 });
    const result = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    expect(result).toMatchObject({ done: true, state: "approved", outcome: { kind: "not_registered", sent: false }, retryAt: expect.any(Date) });
    expect(posts()).toHaveLength(0);
    expect((await rowOf(row.id)).lastPostAt).toBeNull();
    // Not due yet: a job that comes early does nothing.
    // Not due yet: a job that comes early does nothing but say when it is due (the queue keeps a job for then).
    const early = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    expect(early).toEqual({ done: false, state: "approved", dueAt: (await rowOf(row.id)).nextAttemptAt });
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, later())).toMatchObject({ state: "registered" });
  });

  it("gives up after the configured POSTs, each after its horizon: failed with the reason, no payment", async () => {
    const row = await approvedRequest(store.db);
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 100 });
    let now = new Date();
    let result = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, now);
    for (let i = 0; i < TEST_ENGINE_SETTINGS.maxAttempts; i++) {
      now = at(now, TEST_ENGINE_SETTINGS.settleHorizonMs + MINUTE);
      result = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, now);
    }
    expect(result).toMatchObject({ done: true, state: "failed", outcome: { kind: "not_registered", sent: true, lost: { failure: "server_error" } } });
    expect(posts()).toHaveLength(TEST_ENGINE_SETTINGS.maxAttempts);
    expect(paymentsWith(row.idempotentId)).toBe(0);
    const events = await store.db.select().from(transferEvents).where(eq(transferEvents.transferId, row.id)).orderBy(transferEvents.id);
    expect(events.at(-1)?.note).toEqual({ key: "transfers.notes.gaveUp", values: { attempts: TEST_ENGINE_SETTINGS.maxAttempts } });
  });

  it("a refusal is final and never retried", async () => {
    const row = await approvedRequest(store.db, newIdempotentId("blocked"), 5_000, { receiver_document: "52998224725" });
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS)).toMatchObject({
      state: "refused",
      outcome: { kind: "refused", http_status: 403, message: "Receiver not allowed" },
    });
    sandbox.calls.length = 0;
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, later())).toEqual({ done: false, state: "refused" });
    expect(sandbox.calls).toHaveLength(0);
  });

  it("two workers on one request: one claims it, the other does nothing; one POST", async () => {
    const row = await approvedRequest(store.db);
    const results = await Promise.all([submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS), submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS)]);
    expect(results.filter((r) => r.done)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(paymentsWith(row.idempotentId)).toBe(1);
  });

  it("a dead worker's claim (lease lapsed) is taken over: read back first, found and already completed: paid in the same step", async () => {
    const row = await approvedRequest(store.db, newIdempotentId("takeover"));
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    // The provider finished it meanwhile; the worker that sent it died before recording anything.
    await sandbox.sandbox.core.lifecycle.settle();
    const plan = sandbox.sandbox.core.index.get(row.idempotentId)!.status;
    await store.db
      .update(transferRequests)
      .set({ state: "submitting", claimToken: "dead-worker", leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(transferRequests.id, row.id));
    sandbox.calls.length = 0;
    const taken = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    expect(taken).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: true } });
    expect(posts()).toHaveLength(0);
    const after = await rowOf(row.id);
    expect(after.state).toBe(plan === "completed" ? "paid" : "provider_canceled");
    if (plan === "completed") expect(after.endToEnd).toMatch(/^E[0-9A-Z]{8}\d{12}[a-zA-Z0-9]{11}$/);
    expect(paymentsWith(row.idempotentId)).toBe(1);
  });

  it("PROVIDER_AUTHORIZATION=portal: sent unauthorized; registered waiting for authorization needs attention ('authorize in the portal')", async () => {
    const row = await approvedRequest(store.db);
    await submitTransfer(store.db, row.id, { ...TEST_ENGINE_SETTINGS, sendAuthorized: false });
    expect(sandbox.sandbox.core.index.get(row.idempotentId)?.status).toBe("authorization_pending");
    expect((await rowOf(row.id)).providerStatus).toBe("authorization_pending");
  });
});
