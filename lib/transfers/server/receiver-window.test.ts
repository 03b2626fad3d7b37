import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchRows, batches, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { submitBatch } from "@/lib/batches/service";
import { uploadBatch } from "@/lib/batches/upload";
import { cpfCheckDigits } from "@/lib/pix/cpf";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { createTransfer } from "./create";
import { DEFAULT_POLICY } from "../policy";
import { approveTransfer } from "./service";
import { newIdempotentId, seedTestPeople, transferOf, usePolicy } from "../testing/fixtures";

/**
 * The 24 h sum, where it starts and ends and what it counts, and the wholes it applies to (a
 * series, a batch beside single transfers). Each test names the mutation of the rule it kills
 * (scripts/mutations/money-rules.ts): a mutant this file does not notice is a missing test.
 */
const HOUR = 3_600_000;
const RUN = Date.now() % 10_000;
let k = 0;
/** A destination nobody else in this run pays: a CPF and an e-mail key of its own. */
const destination = () => {
  const base = String(300_000_000 + (RUN * 100 + ++k) * 7_919).slice(0, 9);
  return { receiver_document: base + cpfCheckDigits(base), pix_key: `window-${RUN}-${k}@window.test` };
};

describe.each(TEST_ENGINES)("the 24 h approval sum on $name", (engine) => {
  let store: TestStore;
  const maker = { id: "window-maker", email: "window-maker@window.test" };
  const approver = { id: "window-approver", email: "window-approver@window.test", role: "approver" };
  beforeAll(async () => {
    store = await engine.open();
    await seedTestPeople(store.db, [maker, approver]);
    await usePolicy(store.db, DEFAULT_POLICY);
  });
  afterAll(() => store?.close());

  const make = (to: ReturnType<typeof destination>, cents: number, now: Date) =>
    createTransfer(store.db, null, { transfer: transferOf(newIdempotentId("win"), cents, to), maker, policy: DEFAULT_POLICY, now }).then((r) => r.transfer);

  it("counts what the maker sent the destination 23 hours ago (kills: a window of 1 hour), and not what was sent 25 hours ago (kills: a window of all time)", async () => {
    const to = destination();
    const t0 = new Date(Date.now() - 48 * HOUR);
    await make(to, 90_000, t0);
    expect((await make(to, 20_000, new Date(t0.getTime() + 23 * HOUR))).approvalsRequired).toBe(1);
    const other = destination();
    await make(other, 90_000, t0);
    expect((await make(other, 20_000, new Date(t0.getTime() + 25 * HOUR))).approvalsRequired).toBe(0);
  });

  it("ten creations at once to one destination each see every earlier one (kills: no lock on the destination, or a lock that does not cover the sum)", async () => {
    const to = destination();
    const now = new Date();
    const made = await Promise.all(Array.from({ length: 10 }, () => make(to, 20_000, now)));
    // Taken in turn, the sums are 200,00, 400,00 ... 2.000,00: each once. Read in parallel, two would share one.
    const sums = made.map((r) => (r.approvalNeed as { window_sum_cents: number }).window_sum_cents).sort((a, b) => a - b);
    expect(sums).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 20_000));
    expect(made.filter((r) => r.approvalsRequired === 0)).toHaveLength(4);
  });

  it("ten creations at once to one Pix key under ten CPFs each see every earlier one on the key (kills: locking only some of a creation's destinations)", async () => {
    const key = destination().pix_key;
    const now = new Date();
    const made = await Promise.all(Array.from({ length: 10 }, () => make({ ...destination(), pix_key: key }, 20_000, now)));
    const sums = made.map((r) => (r.approvalNeed as { window_sum_cents: number }).window_sum_cents).sort((a, b) => a - b);
    expect(sums).toEqual(Array.from({ length: 10 }, (_, i) => (i + 1) * 20_000));
  });

  it("does not count requests that can no longer move money: rejected, canceled, expired (kills: counting every state)", async () => {
    for (const state of ["rejected", "canceled", "expired"] as const) {
      const to = destination();
      const first = await make(to, 90_000, new Date());
      await store.db.update(transferRequests).set({ state }).where(eq(transferRequests.id, first.id));
      expect((await make(to, 20_000, new Date())).approvalsRequired, state).toBe(0);
    }
  });

  it("a monthly series of 12 x R$ 999,99 is approved on its total (kills: a series counted as one occurrence), as ONE decision (kills: a series approved occurrence by occurrence)", async () => {
    const { transfer, series } = await createTransfer(store.db, null, {
      transfer: transferOf(newIdempotentId("series12"), 99_999, destination()),
      maker,
      policy: DEFAULT_POLICY,
      payable: { scheduledFor: brazilDayKey(addBrazilDays(new Date(), 2)), recurrence: { every: "month", count: 12 } },
    });
    expect(series).toHaveLength(12);
    // R$ 11.999,88 in all: the tier from R$ 10.000,00 asks for two.
    expect(series!.every((r) => r.approvalsRequired === 2 && r.state === "awaiting_approval")).toBe(true);
    const second = { id: "window-approver-2", email: "window-approver-2@window.test", role: "approver" };
    await seedTestPeople(store.db, [second]);
    await approveTransfer(store.db, series![5]!.id, approver);
    await approveTransfer(store.db, transfer.id, second);
    const states = await store.db.select({ state: transferRequests.state }).from(transferRequests).where(eq(transferRequests.seriesId, transfer.seriesId!));
    expect(states.map((s) => s.state)).toEqual(Array(12).fill("scheduled"));
  });

  it.each(["document", "pix_key"] as const)(
    "a batch row to a destination (same %s) the maker paid R$ 900 today needs what the R$ 1.100 sum needs (kills: a batch ignoring the 24 h window)",
    async (shared) => {
      const paid = destination();
      await make(paid, 90_000, new Date());
      // The row shares only one of the two with what was paid: each sum is kept on its own.
      const fresh = destination();
      const row = shared === "document" ? { receiver_document: paid.receiver_document, pix_key: fresh.pix_key } : { receiver_document: fresh.receiver_document, pix_key: paid.pix_key };
      const csv = ["idempotent_id;value;receiver_name;receiver_document;pix_key_type;pix_key", `${newIdempotentId("row")};200,00;Fornecedor;${row.receiver_document};email;${row.pix_key}`].join("\r\n");
      const uploaded = await uploadBatch(store.db, { bytes: new TextEncoder().encode(csv), fileName: "lote.csv", contentType: "text/csv", maker, ip: null, allowDuplicate: true });
      if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
      await submitBatch(store.db, null, uploaded.batch.id, maker, DEFAULT_POLICY, { ratePerSecond: 100 });
      const [batch] = await store.db.select().from(batches).where(eq(batches.id, uploaded.batch.id));
      expect(batch).toMatchObject({ state: "awaiting_approval", approvalsRequired: 1 });
      const [line] = await store.db.select({ transferId: batchRows.transferId }).from(batchRows).where(eq(batchRows.batchId, uploaded.batch.id));
      const [request] = await store.db.select().from(transferRequests).where(eq(transferRequests.id, line!.transferId!));
      expect(request!.approvalNeed).toMatchObject({ window_applies: true, window_sum_cents: 110_000, window_basis: shared });
    },
  );
});
