import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceTokens, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { startTransferQueue, type TransferQueue } from "./queue";
import { reconcile } from "./reconcile";
import { startWorkerProcess, type WorkerProcess } from "../testing/child";
import { batchCsvBytes, generateBatchCells } from "@/lib/batches/fixtures/generate";
import { submitBatch } from "@/lib/batches/service";
import { getBatch } from "@/lib/batches/store";
import { uploadBatch } from "@/lib/batches/upload";
import { approvedRequest, MAKER, newIdempotentId, seedTestPeople, transferOf, usePolicy } from "../testing/fixtures";
import { confirmPendingChange, issueServiceTokenOrAsk } from "@/lib/admin-changes/service";
import { createServiceAccount } from "@/lib/service-accounts/service";
import { serviceAccountLabel } from "@/lib/service-accounts/ids";
import { createTransfer } from "./create";
import { SENT_STATES, TEST_QUEUE, waitForState } from "../testing/harness";

/**
 * Exactly once across processes, proven on a real PostgreSQL: a worker process killed with
 * SIGKILL in the middle of a submission and another started in its place; two worker processes
 * (two back office instances) sharing one database and one provider. Needs the PostgreSQL
 * server that `scripts/pg-test.sh` starts (npm test starts it).
 */
const postgres = TEST_ENGINES.find((e) => e.name === "postgresql");
if (!postgres) throw new Error("processes.test.ts needs TEST_DATABASE_URL: run `source scripts/pg-test.sh` (npm test does)");

let sandbox: TestSandbox;
let store: TestStore;
let queue: TransferQueue;
let dataDir: string;
/** Authorization header of every POST the provider received: one token per process. */
const postsBy: string[] = [];

beforeAll(async () => {
  // The worst the documentation allows: a repeated idempotent_id is paid again, so a double send shows.
  sandbox = await startTestSandbox({ balanceCents: 900_000_000, duplicates: "allow" });
  sandbox.sandbox.onRequest((req) => {
    if (req.method === "POST" && req.url === "/v1/pix/payments") postsBy.push(String(req.headers.authorization));
  });
  store = await postgres.open();
  await seedTestPeople(store.db);
  await usePolicy(store.db, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 });
  // This test process only queues jobs; the children work them.
  queue = await startTransferQueue(store, TEST_QUEUE, { databaseUrl: (store.location as { url: string }).url, work: false });
  dataDir = mkdtempSync(path.join(tmpdir(), "pix-workers-"));
});
afterAll(async () => {
  await queue?.stop();
  await store?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function workerEnv(name: string): Record<string, string> {
  return {
    DATABASE_URL: (store.location as { url: string }).url,
    PAYMENTS_API_URL: sandbox.sandbox.url,
    PAYMENTS_API_CLIENT_ID: sandbox.sandbox.clientId,
    PAYMENTS_API_CLIENT_SECRET: sandbox.sandbox.clientSecret,
    PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer test-webhook-authorization",
    AUTH_SECRET: "test-auth-secret-test-auth-secret-0001",
    PAYMENTS_API_TIMEOUT_MS: "1000",
    PAYMENTS_API_REGISTER_TIMEOUT_MS: "8000",
    TRANSFER_LEASE_MS: "1500",
    TRANSFER_RETRY_BASE_MS: "100",
    // A POST that the sandbox's faults swallow never commits: a short horizon only shortens the wait.
    TRANSFER_SETTLE_HORIZON_MS: "1000",
    DATA_DIR: path.join(dataDir, name),
  };
}

const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id);

async function waitFor(condition: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("a worker killed with SIGKILL in the middle of a submission", () => {
  for (const { fault, provider } of [
    { fault: "timeout", provider: "had not processed it" },
    { fault: "timeout-after-commit", provider: "had already registered it" },
  ] as const) {
    it(`when the provider ${provider}: the next worker reads back first and it ends registered, one payment`, { timeout: 90_000 }, async () => {
      const row = await approvedRequest(store.db);
      await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      const before = postsBy.length;
      let worker: WorkerProcess | undefined = await startWorkerProcess(workerEnv(`crash-${fault}`));
      try {
        await queue.enqueue(row.id);
        await waitFor(() => postsBy.length > before, "the POST to reach the provider");
        await worker.kill("SIGKILL");
        worker = undefined;
        const stuck = (await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id)))[0];
        expect(stuck?.state).toBe("submitting");
        expect(paymentsWith(row.idempotentId)).toHaveLength(fault === "timeout" ? 0 : 1);

        // Another instance takes over once the dead worker's claim lapsed (the reconciler's requeue).
        worker = await startWorkerProcess(workerEnv(`crash-${fault}-2`));
        await new Promise((r) => setTimeout(r, 1_600));
        await reconcile(store.db, { staleSeconds: 0, refreshMinutes: 60, windowHours: 1 }, (items) => queue.enqueueMany(items));
        const done = await waitForState(store, row.id, SENT_STATES, 20_000);
        expect(done.outcome).toMatchObject({ kind: "registered", found_by_read_back: fault === "timeout-after-commit" });
        expect(paymentsWith(row.idempotentId)).toHaveLength(1);
        expect(postsBy.length - before).toBe(fault === "timeout" ? 2 : 1);
      } finally {
        await worker?.kill("SIGTERM");
        await sandbox.clearFaults();
      }
    });
  }
});

describe("checked again by whichever instance sends it", () => {
  it("a token that expired after its transfer was approved (no event any instance heard): another process's worker holds it when it would send; nothing paid", { timeout: 90_000 }, async () => {
    const admins = [{ id: "proc-admin", email: "proc-admin@test.example", role: "admin" }, { id: "proc-admin-2", email: "proc-admin-2@test.example", role: "admin" }];
    await seedTestPeople(store.db, admins);
    const account = await createServiceAccount({ db: store.db }, { name: `ERP procs ${Date.now().toString(36)}`, role: "operator" }, admins[0]!);
    const asked = await issueServiceTokenOrAsk({ db: store.db }, account.id, { expires_in_days: 1 }, admins[0]!);
    if (!("pending" in asked)) throw new Error("an operator's token was issued at once");
    const { serviceToken } = await confirmPendingChange({ db: store.db }, asked.pending.id, { kind: "admin", id: admins[1]!.id, email: admins[1]!.email });
    const maker = { id: account.id, email: serviceAccountLabel(account.name), tokenId: serviceToken!.id };
    // Made and queued by this process (it works no jobs); no worker runs yet.
    const { transfer } = await createTransfer(store.db, queue, { transfer: transferOf(newIdempotentId("proc-held"), 12_345), maker, policy: { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 } });
    expect(transfer.state).toBe("approved");
    await store.db.update(serviceTokens).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(serviceTokens.id, serviceToken!.id));
    const worker = await startWorkerProcess(workerEnv("held-by-other"));
    try {
      const held = await waitForState(store, transfer.id, ["held"], 20_000);
      expect(held.outcome).toEqual({ kind: "held", reasons: ["token_invalid"] });
      expect(paymentsWith(transfer.idempotentId)).toHaveLength(0);
    } finally {
      await worker.kill("SIGTERM");
    }
  });
});

describe("two back office instances on one PostgreSQL", () => {
  it("a registration slower than the instance's timeout, committed afterwards: both instances only read it back until it shows; one payment", { timeout: 90_000 }, async () => {
    // The real horizon (the provider's slowest answer is within it); a short register timeout.
    const patient = { TRANSFER_SETTLE_HORIZON_MS: "600000", PAYMENTS_API_REGISTER_TIMEOUT_MS: "1000" };
    const a = await startWorkerProcess({ ...workerEnv("slow-a"), ...patient });
    const b = await startWorkerProcess({ ...workerEnv("slow-b"), ...patient });
    try {
      const row = await approvedRequest(store.db, `slow-${Date.now().toString(36)}`);
      const hold = await sandbox.hold({ method: "POST", path: "/v1/pix/payments" });
      const before = postsBy.length;
      await queue.enqueue(row.id);
      await hold.arrived();
      // The instance gave up waiting; the provider still has the request: outcome unknown, not "not sent".
      await waitForState(store, row.id, ["outcome_unknown"], 30_000);
      // Jobs on both instances meanwhile (a requeue, the reconciler): they read back, they never POST.
      await reconcile(store.db, { staleSeconds: 0, refreshMinutes: 60, windowHours: 1 }, (items) => queue.enqueueMany(items));
      await hold.release("commit");
      const done = await waitForState(store, row.id, SENT_STATES, 30_000);
      expect(done.outcome).toMatchObject({ kind: "registered", found_by_read_back: true });
      expect(postsBy.length - before).toBe(1);
      expect(await sandbox.paymentsWithId(row.idempotentId)).toHaveLength(1);
    } finally {
      await a.kill("SIGTERM");
      await b.kill("SIGTERM");
      await sandbox.clearFaults();
    }
  });

  it("30 requests, provider faults on the way: each ends with exactly one payment and one row, both instances did work", { timeout: 90_000 }, async () => {
    // One submission at a time each, and a register timeout and claim the held POST below never
    // outlasts: whichever instance sends first is held there, so the other one must send the rest.
    // (Left to the machine's speed, one instance took all 30 on a loaded machine.)
    const serial = { QUEUE_CONCURRENCY: "1", PAYMENTS_API_REGISTER_TIMEOUT_MS: "120000", TRANSFER_LEASE_MS: "180000" };
    const a = await startWorkerProcess({ ...workerEnv("instance-a"), ...serial });
    const b = await startWorkerProcess({ ...workerEnv("instance-b"), ...serial });
    try {
      const rows = [];
      for (let i = 0; i < 30; i++) rows.push(await approvedRequest(store.db, `two-${Date.now().toString(36)}-${i}`, 1_000 + i));
      const held = await sandbox.hold({ method: "POST", path: "/v1/pix/payments" });
      await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "500", times: 3 });
      await sandbox.fault({ method: "POST", path: "/v1/pix/payments", fault: "malformed-json", times: 2 });
      const before = postsBy.length;
      // Each job twice, as a double click or a requeue would: the claim decides, not the queue.
      await queue.enqueueMany(rows.map((r) => ({ id: r.id, startAfter: new Date() })));
      for (const r of rows) await queue.enqueue(r.id);
      await held.arrived();
      await waitFor(() => new Set(postsBy.slice(before)).size >= 2, "a POST from the other instance", 60_000);
      await held.release("commit");
      for (const r of rows) await waitForState(store, r.id, SENT_STATES, 60_000);
      for (const r of rows) {
        expect(paymentsWith(r.idempotentId), r.idempotentId).toHaveLength(1);
        expect(await store.db.select().from(transferRequests).where(eq(transferRequests.idempotentId, r.idempotentId))).toHaveLength(1);
      }
      const sent = postsBy.slice(before);
      // 30 payments plus the 3 POSTs the 500s swallowed (retried with the same id).
      expect(sent).toHaveLength(33);
      expect(new Set(sent).size, "both instances sent transfers (two tokens)").toBeGreaterThanOrEqual(2);
    } finally {
      await a.kill("SIGTERM");
      await b.kill("SIGTERM");
      await sandbox.clearFaults();
    }
  });
});


describe("a batch survives a restart of the back office in the middle", () => {
  it("30 rows (3 bad), sent at 10 a second; the instance is killed part-way and another finishes: 27 payments, one each", { timeout: 120_000 }, async () => {
    const uploaded = await uploadBatch(store.db, {
      bytes: batchCsvBytes(generateBatchCells(30, 7_777, 10)),
      fileName: "folha.csv",
      contentType: "text/csv",
      maker: MAKER,
      ip: null,
      allowDuplicate: true,
    });
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    let worker: WorkerProcess | undefined = await startWorkerProcess(workerEnv("batch-a"));
    try {
      await submitBatch(store.db, queue, uploaded.batch.id, MAKER, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 }, { ratePerSecond: 10 });
      const registered = async () => {
        const p = (await getBatch(store.db, uploaded.batch.id))!.batch.progress;
        return (p.registered ?? 0) + (p.paid ?? 0) + (p.provider_canceled ?? 0);
      };
      const deadline = Date.now() + 30_000;
      while ((await registered()) < 8 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await worker.kill("SIGKILL");
      worker = undefined;
      const atKill = await registered();
      expect(atKill).toBeGreaterThanOrEqual(8);
      expect(atKill).toBeLessThan(27);

      worker = await startWorkerProcess(workerEnv("batch-b"));
      await new Promise((r) => setTimeout(r, 1_600));
      await reconcile(store.db, { staleSeconds: 0, refreshMinutes: 60, windowHours: 1 }, (items) => queue.enqueueMany(items));
      const detail = (await getBatch(store.db, uploaded.batch.id))!;
      for (const row of detail.rows.filter((r) => r.transfer_id)) await waitForState(store, row.transfer_id!, SENT_STATES, 60_000);
      const done = (await getBatch(store.db, uploaded.batch.id))!;
      expect(await registered()).toBe(27);
      expect(done.batch.progress).toMatchObject({ invalid: 3 });
      for (const row of done.rows) expect(paymentsWith(row.idempotent_id), `line ${row.line}`).toHaveLength(row.state === "invalid" ? 0 : 1);
    } finally {
      await worker?.kill("SIGTERM");
    }
  });
});
