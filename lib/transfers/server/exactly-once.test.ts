import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { startTestSandbox, TEST_TIMEOUTS, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import type { RegisterPaymentBody } from "@/lib/contract";
import { postPayment } from "@/lib/payments-api";
import { resetTokenCacheForTests } from "@/lib/payments-api/token";
import { submitTransfer } from "./engine";
import { approvedRequest, TEST_ENGINE_SETTINGS } from "../testing/fixtures";

/**
 * Never sent twice, however slow the provider, against the worst the documentation allows: a
 * sandbox where a repeated idempotent_id is paid AGAIN (duplicates "allow"), so a second POST of
 * one transfer would show as a second payment. Time is driven (the engine's `now`, the sandbox's
 * holds released by the test), never waited for.
 */
const MINUTE = 60_000;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000, duplicates: "allow" });
});
afterAll(() => sandbox.close());

/** Long client timeouts for the tests that keep a call waiting in a hold (the default ones are short). */
function patientClient(ms: number) {
  Object.assign(process.env, { PAYMENTS_API_TIMEOUT_MS: String(ms), PAYMENTS_API_REGISTER_TIMEOUT_MS: String(ms) });
  resetEnvForTests();
  resetTokenCacheForTests();
}

describe.each(TEST_ENGINES)("exactly once against a provider that pays a repeated id twice, on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  beforeEach(() => sandbox.clearFaults());
  afterEach(() => patientClient(TEST_TIMEOUTS.registerTimeoutMs));

  const rowOf = async (id: string) => (await store.db.select().from(transferRequests).where(eq(transferRequests.id, id)))[0]!;
  const payments = async (id: string) => (await sandbox.paymentsWithId(id)).length;

  it("a POST slower than our timeout that commits afterwards (a 20 s answer): read back until it shows, never sent again; ONE payment", async () => {
    const row = await approvedRequest(store.db);
    const hold = await sandbox.hold({ method: "POST", path: "/v1/pix/payments" });
    const t0 = new Date();
    // Our register timeout ends the wait; the provider still has the request.
    const first = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, t0);
    expect(first).toMatchObject({ done: true, state: "outcome_unknown" });
    await hold.arrived();
    expect(await payments(row.idempotentId)).toBe(0);
    // A check before it commits: still absent, and nothing is sent again.
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, at(t0, 2 * MINUTE))).toMatchObject({ state: "outcome_unknown" });
    // The slow provider finishes the first request now.
    await hold.release("commit");
    expect(await payments(row.idempotentId)).toBe(1);
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, at(t0, 4 * MINUTE))).toMatchObject({
      state: "registered",
      outcome: { kind: "registered", found_by_read_back: true },
    });
    expect(await payments(row.idempotentId)).toBe(1);
    expect((await rowOf(row.id)).attempts).toBe(1);
  });

  // Ids are the caller's (an ERP's invoice number, a spreadsheet's column): another system may have
  // sent one to the provider before. This is why a first submission reads back before it POSTs.
  it("an id another system already sent with the same transfer: found by the read-back before the first POST, never sent; ONE payment", async () => {
    const row = await approvedRequest(store.db);
    const elsewhere = await postPayment({ ...(row.body as RegisterPaymentBody), authorized: TEST_ENGINE_SETTINGS.sendAuthorized });
    expect(elsewhere.kind).toBe("registered");
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, new Date())).toMatchObject({
      state: "registered",
      outcome: { kind: "registered", found_by_read_back: true },
    });
    expect(await payments(row.idempotentId)).toBe(1);
    expect((await rowOf(row.id)).attempts).toBe(0);
  });

  it("an id another system already used for a different payment: failed as a conflict, nothing sent; only theirs is paid", async () => {
    const row = await approvedRequest(store.db);
    const theirs = { ...(row.body as RegisterPaymentBody), authorized: TEST_ENGINE_SETTINGS.sendAuthorized, value_cents: row.valueCents + 100 };
    expect((await postPayment(theirs)).kind).toBe("registered");
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, new Date())).toMatchObject({ state: "failed", outcome: { kind: "conflict" } });
    const held = await sandbox.paymentsWithId(row.idempotentId);
    expect(held.map((p) => p.value_cents)).toEqual([row.valueCents + 100]);
    expect((await rowOf(row.id)).attempts).toBe(0);
  });

  for (const fault of ["500-after-commit", "reset-after-commit"] as const) {
    it(`${fault}: the answer says failure but the provider committed; ONE payment`, async () => {
      const row = await approvedRequest(store.db);
      await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      const t0 = new Date();
      const first = await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, t0);
      expect(first).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: true } });
      // Later jobs (a requeue, the reconciler) find nothing to do.
      expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, at(t0, 20 * MINUTE))).toEqual({ done: false, state: "registered" });
      expect(await payments(row.idempotentId)).toBe(1);
    });
  }

  it("the dead worker's late answer is dropped: its claim was taken over, so what it heard is not recorded; ONE payment", async () => {
    patientClient(120_000);
    const row = await approvedRequest(store.db);
    const post = await sandbox.hold({ method: "POST", path: "/v1/pix/payments" });
    const t0 = new Date();
    // Worker A sends it; the provider keeps the POST (A is still waiting for its answer).
    const a = submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, t0);
    await post.arrived();
    // A's lease lapses (it looks dead); worker B takes the claim and reads back, slowly.
    const read = await sandbox.hold({ method: "GET", path: "/v1/pix/payments/*" });
    const b = submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS, at(t0, TEST_ENGINE_SETTINGS.leaseMs + 1_000));
    await read.arrived();
    const taken = await rowOf(row.id);
    expect(taken.state).toBe("submitting");
    // A's answer arrives now, late: registered at the provider. B holds the claim: A's result is dropped.
    await post.release("commit");
    expect(await a).toEqual({ done: false, state: "submitting" });
    expect(await rowOf(row.id)).toMatchObject({ state: "submitting", claimToken: taken.claimToken });
    // B reads the payment back: registered, by B, found by the read-back; nobody sent it twice.
    await read.release("commit");
    expect(await b).toMatchObject({ done: true, state: "registered", outcome: { kind: "registered", found_by_read_back: true } });
    expect(await payments(row.idempotentId)).toBe(1);
  });
});
