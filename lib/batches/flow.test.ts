import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { auditLog } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { reconcile } from "@/lib/transfers/server/reconcile";
import { driveEngine } from "@/lib/transfers/testing/drive";
import { APPROVER, APPROVER_2, MAKER, TEST_ENGINE_SETTINGS } from "@/lib/transfers/testing/fixtures";
import { csvHeader, csvRows } from "@/lib/export/csv";
import { excelText, readCsv } from "@/lib/export/read-csv";
import { translator } from "@/lib/i18n/server";
import { batchCsvBytes, generateBatchCells } from "./fixtures/generate";
import { batchResultsColumns } from "./results-columns";
import { approveBatch, retryFailedRows, submitBatch } from "./service";
import { inboxCount } from "@/lib/transfers/server/store";
import { getBatch, listBatches } from "./store";
import { uploadBatch } from "./upload";
import { seedTestPeople, usePolicy } from "@/lib/transfers/testing/fixtures";

/**
 * A batch from file to provider, its rows driven through the engine in logical time (no queue,
 * no waiting: lib/transfers/testing/drive.ts), so that a loaded machine cannot change the result.
 */
const NO_APPROVALS = { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 };
const ONE_APPROVAL = { tiers: [{ from_cents: 0, approvals: 1 }], expiry_hours: 24 };
const TWO_APPROVALS = { tiers: [{ from_cents: 0, approvals: 2 }], expiry_hours: 24 };
const FAST = { ratePerSecond: 100 };
const OTHER_OPERATOR = { id: "maker-2", email: "maker2@test.example" };

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 90_000_000_000, autoClock: false });
});
afterAll(() => sandbox.close());
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;

let seed = 100;
/** A 30-row file whose lines 11, 21 and 31 (every tenth row) carry a CPF with a wrong check digit. */
const thirtyRowFile = () => batchCsvBytes(generateBatchCells(30, ++seed, 10));

describe.each(TEST_ENGINES)("a batch from file to provider on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    await seedTestPeople(store.db, [OTHER_OPERATOR]);
    // The policies these tests submit with ask for no more than this one: it is the one in force.
    await usePolicy(store.db, NO_APPROVALS);
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  beforeEach(() => sandbox.clearFaults());

  const upload = async (bytes: Uint8Array, allowDuplicate = false) => {
    const uploaded = await uploadBatch(store.db, { bytes, fileName: "pagamentos.csv", contentType: "text/csv", maker: MAKER, ip: null, allowDuplicate });
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    return uploaded.batch;
  };
  const transferIds = async (batchId: string) => (await getBatch(store.db, batchId))!.rows.filter((r) => r.transfer_id).map((r) => r.transfer_id!);

  it("30 rows with 3 bad ones: the 27 good ones are registered once each through provider faults, then followed to their end; the batch completes only then", async () => {
    const batch = await upload(thirtyRowFile());
    expect(batch).toMatchObject({ state: "draft", rows: 30, valid: 27, invalid: 3 });
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 2 });
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "timeout-after-commit", times: 1 });
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "malformed-json", times: 1 });
    await submitBatch(store.db, null, batch.id, MAKER, NO_APPROVALS, FAST);
    const ids = await transferIds(batch.id);
    expect(ids).toHaveLength(27);

    const { states, now } = await driveEngine(store.db, ids, TEST_ENGINE_SETTINGS);
    expect([...states.values()].every((s) => s === "registered")).toBe(true);
    let detail = (await getBatch(store.db, batch.id))!;
    // Registered is not the end: the batch is still sending.
    expect(detail.batch.state).toBe("sending");
    for (const row of detail.rows) expect(paymentsWith(row.idempotent_id), `line ${row.line}`).toBe(row.state === "invalid" ? 0 : 1);
    expect(detail.rows.filter((r) => r.state === "invalid").map((r) => r.line)).toEqual([11, 21, 31]);

    // The provider finishes them; with no webhook receiver here, the reconciler alone follows them.
    await sandbox.sandbox.core.lifecycle.settle();
    await reconcile(store.db, { staleSeconds: 120, refreshMinutes: 10, windowHours: 1 }, async () => undefined, new Date(now.getTime() + 3_600_000));
    detail = (await getBatch(store.db, batch.id))!;
    expect(detail.batch.state).toBe("completed");
    const { paid, not_paid } = detail.batch.outcome;
    expect(paid.count + not_paid.count).toBe(27);
    expect(paid.cents + not_paid.cents).toBe(detail.batch.total_cents);
    for (const row of detail.rows.filter((r) => r.state === "paid")) {
      expect(row.end_to_end).toMatch(/^E[0-9A-Z]{8}\d{12}[a-zA-Z0-9]{11}$/);
      expect(row.payment_date).toEqual(expect.any(String));
    }
    const actions = (await store.db.select().from(auditLog).where(eq(auditLog.target, batch.id)).orderBy(auditLog.id)).map((a) => a.action);
    expect(actions).toEqual(["batch.upload", "batch.submit", "batch.state_change", "batch.state_change"]);

    // The results file says, per row, where the money went: in words, with the provider's status, end_to_end, date and reason.
    const columns = batchResultsColumns(translator("pt-BR"));
    const [header, ...lines] = readCsv(csvHeader(columns) + csvRows(columns, detail.rows)).map((cells) => cells.map(excelText));
    const cell = (line: string[], key: string) => line[columns.findIndex((c) => c.key === key)]!;
    expect(header).toEqual(expect.arrayContaining(["Situação", "Situação no provedor", "ID fim a fim", "Pago em", "Motivo do cancelamento"]));
    for (const row of detail.rows) {
      const line = lines.find((l) => cell(l, "line") === String(row.line))!;
      if (row.state === "paid") {
        expect(cell(line, "state")).toBe("Paga");
        expect(cell(line, "provider_status")).toBe("Concluído");
        expect(cell(line, "end_to_end")).toBe(row.end_to_end);
        expect(cell(line, "payment_date")).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
      } else if (row.state === "provider_canceled") {
        expect(cell(line, "state")).toBe("Cancelada pelo provedor");
        expect(cell(line, "cancellation_reason")).toBe(row.cancellation_reason);
      } else expect(row.state).toBe("invalid");
    }
  });

  it("the same file again is refused naming the earlier batch, unless confirmed; even then an id from the file is never paid twice", async () => {
    const bytes = thirtyRowFile();
    const first = await upload(bytes);
    expect(await uploadBatch(store.db, { bytes, fileName: "x.csv", contentType: "text/csv", maker: MAKER, ip: null, allowDuplicate: false })).toEqual({
      ok: false,
      duplicateOf: first.id,
    });
    const again = await upload(bytes, true);
    await submitBatch(store.db, null, first.id, MAKER, NO_APPROVALS, FAST);
    await submitBatch(store.db, null, again.id, MAKER, NO_APPROVALS, FAST);
    const second = (await getBatch(store.db, again.id))!;
    // Rows with their own id in the file (nf-...) were taken by the first batch: not sent again.
    const ownIds = second.rows.filter((r) => r.idempotent_id.startsWith("nf-"));
    expect(ownIds.length).toBeGreaterThan(0);
    for (const row of ownIds) {
      expect(row.state, `line ${row.line}`).toBe("invalid");
      expect(row.errors?.map((e) => e.message)).toContain("batches.errors.idAlreadyUsed");
    }
    await driveEngine(store.db, [...(await transferIds(first.id)), ...(await transferIds(again.id))], TEST_ENGINE_SETTINGS);
    for (const row of (await getBatch(store.db, first.id))!.rows.filter((r) => r.transfer_id)) expect(paymentsWith(row.idempotent_id)).toBe(1);
  });

  it("the batch's approval is each row's approval: nothing is sent before; never its maker; one person counts once (approving twice is refused)", async () => {
    const batch = await upload(thirtyRowFile());
    const inboxBefore = await inboxCount(store.db, APPROVER.id);
    await submitBatch(store.db, null, batch.id, MAKER, TWO_APPROVALS, FAST);
    // The batch is ONE item waiting for each approver (not 27), and none for its maker.
    expect(await inboxCount(store.db, APPROVER.id)).toBe(inboxBefore + 1);
    expect((await listBatches(store.db, 1, 50, APPROVER.id)).batches.map((b) => b.id)).toContain(batch.id);
    expect((await listBatches(store.db, 1, 50, MAKER.id)).batches.map((b) => b.id)).not.toContain(batch.id);
    let detail = (await getBatch(store.db, batch.id))!;
    expect(detail.batch).toMatchObject({ state: "awaiting_approval", approvals_required: 2, progress: { awaiting_approval: 27 } });
    expect(detail.batch.outcome).toMatchObject({ paid: { count: 0 }, not_paid: { count: 0 }, in_flight: { count: 27 } });
    expect(detail.review.largest_lines).toHaveLength(5);
    await expect(approveBatch(store.db, null, batch.id, MAKER, FAST)).rejects.toMatchObject({ code: "own_request" });
    expect(await approveBatch(store.db, null, batch.id, APPROVER, FAST)).toEqual({ approved: false });
    expect(await inboxCount(store.db, APPROVER.id)).toBe(inboxBefore);
    await expect(approveBatch(store.db, null, batch.id, APPROVER, FAST)).rejects.toMatchObject({ code: "already_approved" });
    detail = (await getBatch(store.db, batch.id))!;
    expect(detail.batch.state).toBe("awaiting_approval");
    expect(detail.batch.approvals.map((a) => a.approver.id)).toEqual([APPROVER.id]);
    expect(detail.rows.every((r) => paymentsWith(r.idempotent_id) === 0)).toBe(true);
    expect(await approveBatch(store.db, null, batch.id, APPROVER_2, FAST)).toEqual({ approved: true });
    expect((await getBatch(store.db, batch.id))!.batch.state).toBe("sending");
    const { states } = await driveEngine(store.db, await transferIds(batch.id), TEST_ENGINE_SETTINGS);
    expect([...states.values()].every((s) => s === "registered")).toBe(true);
    // Every refusal is on record with who and why.
    const refused = await store.db.select().from(auditLog).where(and(eq(auditLog.target, batch.id), eq(auditLog.outcome, "refused"))).orderBy(auditLog.id);
    expect(refused.map((r) => [r.action, r.actorId, (r.detail as { code: string }).code])).toEqual([
      ["batch.approve", MAKER.id, "own_request"],
      ["batch.approve", APPROVER.id, "already_approved"],
    ]);
  });

  it("only its maker submits a batch, or sends its failed rows again (same ids: still one payment each)", async () => {
    const batch = await upload(batchCsvBytes(generateBatchCells(4, ++seed)));
    await expect(submitBatch(store.db, null, batch.id, OTHER_OPERATOR, ONE_APPROVAL, FAST)).rejects.toMatchObject({ code: "not_maker" });
    // Every POST fails: each row gives up after its attempts with nothing registered.
    await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 4 * TEST_ENGINE_SETTINGS.maxAttempts });
    await submitBatch(store.db, null, batch.id, MAKER, NO_APPROVALS, FAST);
    const ids = await transferIds(batch.id);
    const { states } = await driveEngine(store.db, ids, TEST_ENGINE_SETTINGS);
    expect([...states.values()]).toEqual(["failed", "failed", "failed", "failed"]);
    expect((await getBatch(store.db, batch.id))!.batch).toMatchObject({ state: "completed", outcome: { not_paid: { count: 4 }, attention: 4 } });
    await sandbox.clearFaults();
    await expect(retryFailedRows(store.db, null, batch.id, OTHER_OPERATOR, FAST)).rejects.toMatchObject({ code: "not_maker" });
    expect(await retryFailedRows(store.db, null, batch.id, MAKER, FAST)).toEqual({ retried: 4 });
    expect((await getBatch(store.db, batch.id))!.batch.state).toBe("sending");
    await driveEngine(store.db, ids, TEST_ENGINE_SETTINGS);
    for (const row of (await getBatch(store.db, batch.id))!.rows) expect(paymentsWith(row.idempotent_id)).toBe(1);
    const refused = await store.db.select().from(auditLog).where(and(eq(auditLog.target, batch.id), eq(auditLog.outcome, "refused"))).orderBy(auditLog.id);
    expect(refused.map((r) => [r.action, r.actorId])).toEqual([
      ["batch.submit", OTHER_OPERATOR.id],
      ["batch.retry", OTHER_OPERATOR.id],
    ]);
  });
});
