import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { reconciliationFindings, transferRequests, webhookEvents } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { registerWebhook } from "@/lib/payments-api";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { submitTransfer } from "./engine";
import { listFindings, resolveFinding } from "./findings";
import { reconcile } from "./reconcile";
import { approvedRequest, MAKER, TEST_ENGINE_SETTINGS } from "../testing/fixtures";

let sandbox: TestSandbox;
beforeAll(async () => {
  // The lifecycle moves only when the test advances it; notifications go to a dead port.
  sandbox = await startTestSandbox({ balanceCents: 900_000_000, autoClock: false, clockStepMs: 60_000, webhookRetryMs: 10, webhookMaxAttempts: 2 });
  await registerWebhook(2, "http://127.0.0.1:9/api/webhooks/pix", "Bearer never-delivered");
});
afterAll(() => sandbox.close());

const SETTINGS = { staleSeconds: 0, refreshMinutes: 1, windowHours: 24 };
const noRequeue = async () => {};

describe.each(TEST_ENGINES)("the reconciler on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  it("records a missed notification once (a status the provider reached that never arrived as a webhook), and a person resolves it", async () => {
    const row = await approvedRequest(store.db);
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    await sandbox.sandbox.settle();
    await sandbox.sandbox.webhooksIdle();
    const provider = sandbox.sandbox.core.index.get(row.idempotentId)!;
    expect(["completed", "canceled"]).toContain(provider.status);
    // Every delivery to the dead port failed: no event was stored.
    expect(sandbox.sandbox.deliveries.filter((d) => d.idempotent_id === row.idempotentId).every((d) => d.state === "failed")).toBe(true);

    const now = new Date(Date.now() + 2 * 3_600_000); // the lifecycle clock ran ahead of the wall clock
    const first = await reconcile(store.db, SETTINGS, noRequeue, now);
    expect(first.missed).toBeGreaterThanOrEqual(1);
    const findings = await store.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.idempotentId, row.idempotentId));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: "missed_notification", providerStatus: provider.status, referenceCode: provider.reference_code, state: "open" });
    // The registered request was refreshed to the provider's final status.
    const refreshed = (await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id)))[0];
    expect(refreshed?.providerStatus).toBe(provider.status);

    // Scanning again records nothing twice.
    await reconcile(store.db, SETTINGS, noRequeue, now);
    expect(await store.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.idempotentId, row.idempotentId))).toHaveLength(1);

    const open = await listFindings(store.db, { state: "open", page: 1 });
    expect(open.findings.map((f) => f.idempotent_id)).toContain(row.idempotentId);
    const resolved = await resolveFinding(store.db, findings[0]!.id, { ...MAKER, ip: null }, "Confirmed with the provider's statement");
    expect(resolved).toMatchObject({ state: "resolved", resolved_by: MAKER.email, resolution_note: "Confirmed with the provider's statement" });
    await expect(resolveFinding(store.db, findings[0]!.id, MAKER, "again")).rejects.toMatchObject({ code: "illegal_state" });
  });

  it("a status that did arrive as a notification is not a finding", async () => {
    const row = await approvedRequest(store.db);
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    await sandbox.sandbox.settle();
    const provider = sandbox.sandbox.core.index.get(row.idempotentId)!;
    await store.db.insert(webhookEvents).values({
      result: "accepted",
      dedupeKey: `test-${row.idempotentId}`,
      idempotentId: row.idempotentId,
      referenceCode: provider.reference_code,
      status: provider.status,
      valueCents: provider.value_cents,
    });
    await reconcile(store.db, SETTINGS, noRequeue, new Date(Date.now() + 2 * 3_600_000));
    expect(await store.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.idempotentId, row.idempotentId))).toHaveLength(0);
  });

  it("a registered transfer the provider no longer knows is a 'missing at provider' finding, recorded once and read again only after refreshMinutes", async () => {
    const row = await approvedRequest(store.db);
    // Registered here, unknown to the provider (its records were lost, or another environment's).
    await store.db.update(transferRequests).set({ state: "registered", providerStatus: "created", referenceCode: "E-lost" }).where(eq(transferRequests.id, row.id));
    const reads = () => sandbox.calls.filter((c) => c.method === "GET" && c.path.includes(row.idempotentId)).length;
    const readsBefore = reads();
    const now = new Date(Date.now() + 2 * 60_000);

    await reconcile(store.db, SETTINGS, noRequeue, now);
    const findings = await store.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.idempotentId, row.idempotentId));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: "missing_at_provider", referenceCode: "E-lost", valueCents: row.valueCents, state: "open" });
    expect(reads()).toBe(readsBefore + 1);

    // The next run (a minute is under refreshMinutes' threshold from the check) neither reads nor records again.
    await reconcile(store.db, SETTINGS, noRequeue, new Date(now.getTime() + 30_000));
    expect(reads()).toBe(readsBefore + 1);
    expect(await store.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.idempotentId, row.idempotentId))).toHaveLength(1);
    // It stays registered: nothing is paid again on the reconciler's own authority.
    const after = (await store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id)))[0];
    expect(after?.state).toBe("registered");
  });

  it("requeues in-flight requests whose job was lost", async () => {
    const row = await approvedRequest(store.db);
    const queued: string[] = [];
    await reconcile(store.db, SETTINGS, async (items) => void queued.push(...items.map((i) => i.id)), new Date(Date.now() + 1_000));
    expect(queued).toContain(row.id);
  });
});
