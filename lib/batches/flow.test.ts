import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { startEngineHarness, waitForState, type EngineHarness } from "@/lib/transfers/testing/harness";
import { APPROVER, MAKER } from "@/lib/transfers/testing/fixtures";
import { batchCsvBytes, generateBatchCells } from "./fixtures/generate";
import { approveBatch, retryFailedRows, submitBatch } from "./service";
import { getBatch, uploadBatch } from "./store";

const NO_APPROVALS = { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 };
const ONE_APPROVAL = { tiers: [{ from_cents: 0, approvals: 1 }], expiry_hours: 24 };
const FAST = { ratePerSecond: 100 };

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 90_000_000_000 });
});
afterAll(() => sandbox.close());
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;

let seed = 100;
/** A 30-row file whose lines 11, 21 and 31 (every tenth row) carry a CPF with a wrong check digit. */
const thirtyRowFile = () => batchCsvBytes(generateBatchCells(30, ++seed, 10));

describe.each(TEST_ENGINES)("a batch from file to provider on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
  });
  afterAll(() => h?.close());

  const upload = (bytes: Uint8Array, allowDuplicate = false) =>
    uploadBatch(h.store.db, { bytes, fileName: "pagamentos.csv", contentType: "text/csv", maker: MAKER, ip: null, allowDuplicate });

  it("30 rows with 3 bad ones: exactly the 27 good ones are registered, once each, through provider faults; the bad ones are never sent", { timeout: 90_000 }, async () => {
    const uploaded = await upload(thirtyRowFile());
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    expect(uploaded.batch).toMatchObject({ state: "draft", rows: 30, valid: 27, invalid: 3 });
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 2 });
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit", times: 1 });
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "malformed-json", times: 1 });
    await submitBatch(h.store.db, h.queue, uploaded.batch.id, MAKER, NO_APPROVALS, FAST);

    const detail = await getBatch(h.store.db, uploaded.batch.id);
    const sent = detail!.rows.filter((r) => r.transfer_id);
    expect(sent).toHaveLength(27);
    for (const row of sent) await waitForState(h.store, row.transfer_id!, ["registered"], 30_000);
    const done = await getBatch(h.store.db, uploaded.batch.id);
    expect(done!.batch).toMatchObject({ state: "completed", progress: { registered: 27, invalid: 3 } });
    for (const row of done!.rows) {
      expect(paymentsWith(row.idempotent_id), `line ${row.line}`).toBe(row.state === "invalid" ? 0 : 1);
      if (row.state !== "invalid") expect(row.reference_code).toEqual(expect.any(String));
    }
    expect(done!.rows.filter((r) => r.state === "invalid").map((r) => r.line)).toEqual([11, 21, 31]);
    const actions = (await h.store.db.select().from(auditLog).where(eq(auditLog.target, uploaded.batch.id))).map((a) => a.action);
    expect(actions).toEqual(["batch.upload", "batch.submit"]);
  });

  it("the same file again is refused naming the earlier batch, unless confirmed; even then an id from the file is never paid twice", { timeout: 90_000 }, async () => {
    const bytes = thirtyRowFile();
    const first = await upload(bytes);
    if (!first.ok) throw new Error("first upload refused");
    expect(await upload(bytes)).toEqual({ ok: false, duplicateOf: first.batch.id });
    const again = await upload(bytes, true);
    if (!again.ok) throw new Error("a confirmed re-upload was refused");
    await submitBatch(h.store.db, h.queue, first.batch.id, MAKER, NO_APPROVALS, FAST);
    await submitBatch(h.store.db, h.queue, again.batch.id, MAKER, NO_APPROVALS, FAST);
    const second = await getBatch(h.store.db, again.batch.id);
    // Rows with their own id in the file (nf-...) were taken by the first batch: not sent again.
    const ownIds = second!.rows.filter((r) => r.idempotent_id.startsWith("nf-"));
    expect(ownIds.length).toBeGreaterThan(0);
    for (const row of ownIds) {
      expect(row.state, `line ${row.line}`).toBe("invalid");
      expect(row.errors?.map((e) => e.message)).toContain("batches.errors.idAlreadyUsed");
    }
    for (const row of (await getBatch(h.store.db, first.batch.id))!.rows.filter((r) => r.transfer_id)) {
      await waitForState(h.store, row.transfer_id!, ["registered"], 30_000);
      expect(paymentsWith(row.idempotent_id)).toBe(1);
    }
  });

  it("one approval for the whole batch: nothing is sent before it; the maker cannot approve; then every row goes", { timeout: 90_000 }, async () => {
    const uploaded = await upload(thirtyRowFile());
    if (!uploaded.ok) throw new Error("upload refused");
    await submitBatch(h.store.db, h.queue, uploaded.batch.id, MAKER, ONE_APPROVAL, FAST);
    let detail = await getBatch(h.store.db, uploaded.batch.id);
    expect(detail!.batch).toMatchObject({ state: "awaiting_approval", approvals_required: 1, progress: { awaiting_approval: 27 } });
    expect(detail!.review.largest_lines).toHaveLength(5);
    expect(detail!.review.new_receivers).toBe(27);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(detail!.rows.every((r) => paymentsWith(r.idempotent_id) === 0)).toBe(true);
    await expect(approveBatch(h.store.db, h.queue, uploaded.batch.id, MAKER, FAST)).rejects.toMatchObject({ code: "own_request" });
    await approveBatch(h.store.db, h.queue, uploaded.batch.id, APPROVER, FAST);
    detail = await getBatch(h.store.db, uploaded.batch.id);
    for (const row of detail!.rows.filter((r) => r.transfer_id)) await waitForState(h.store, row.transfer_id!, ["registered"], 30_000);
    expect((await getBatch(h.store.db, uploaded.batch.id))!.batch.state).toBe("completed");
  });

  it("rows that failed after their retries are sent again with the same ids: still one payment each", { timeout: 90_000 }, async () => {
    const uploaded = await upload(batchCsvBytes(generateBatchCells(4, ++seed)));
    if (!uploaded.ok) throw new Error("upload refused");
    // Every POST fails: each row gives up after its attempts (3 in tests) with nothing registered.
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 12 });
    await submitBatch(h.store.db, h.queue, uploaded.batch.id, MAKER, NO_APPROVALS, FAST);
    let detail = await getBatch(h.store.db, uploaded.batch.id);
    for (const row of detail!.rows) await waitForState(h.store, row.transfer_id!, ["failed"], 30_000);
    await sandbox.clearFaults();
    expect(await retryFailedRows(h.store.db, h.queue, uploaded.batch.id, MAKER, FAST)).toEqual({ retried: 4 });
    detail = await getBatch(h.store.db, uploaded.batch.id);
    for (const row of detail!.rows) {
      await waitForState(h.store, row.transfer_id!, ["registered"], 30_000);
      expect(paymentsWith(row.idempotent_id)).toBe(1);
    }
  });
});
