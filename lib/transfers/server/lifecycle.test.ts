import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as WEBHOOK } from "@/app/api/webhooks/pix/route";
import { setStoreForTests } from "@/lib/db";
import { auditLog, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { createEventBus, type EventBus } from "@/lib/events/bus";
import { setEventBusForTests } from "@/lib/events/runtime";
import { TEST_AUTHORIZATION } from "@/lib/events/testing";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { planFor } from "@/sandbox/lifecycle";
import { requestToken, sandboxClient, type SandboxClient } from "@/sandbox/testing";
import { serveRoute } from "@/lib/testing/route-server";
import { submitTransfer } from "./engine";
import { reconcile } from "./reconcile";
import { handleAttention } from "./service";
import { listTransfers, getTransfer } from "./store";
import { approvedRequest, MAKER, TEST_ENGINE_SETTINGS } from "../testing/fixtures";

/**
 * A transfer request follows its payment to the end: `paid` (end_to_end, payment date) or
 * `provider_canceled` (the provider's reason), moved by a verified notification (the sandbox
 * delivering to the real webhook route) or, with every notification lost, by the reconciler alone.
 */
let sandbox: TestSandbox;
let api: SandboxClient;
let receiver: Awaited<ReturnType<typeof serveRoute>>;

beforeAll(async () => {
  receiver = await serveRoute("/api/webhooks/pix", WEBHOOK as never);
  sandbox = await startTestSandbox({ seedCount: 20, autoClock: false, webhookRetryMs: 20, webhookMaxAttempts: 3, balanceCents: 900_000_000 });
  api = sandboxClient(sandbox.sandbox.url, await requestToken(sandbox.sandbox.url));
});
afterAll(async () => {
  await sandbox?.close();
  await receiver?.close();
});

const SETTINGS = { staleSeconds: 120, refreshMinutes: 10, windowHours: 1 };
const HOUR = 3_600_000;

describe.each(TEST_ENGINES)("where the money went, on $name", (engine) => {
  let store: TestStore;
  let bus: EventBus;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    bus = await createEventBus({ db: store.db });
    setEventBusForTests(bus);
  });
  afterAll(async () => {
    setEventBusForTests(undefined);
    setStoreForTests(undefined);
    await bus?.close();
    await store?.close();
  });
  beforeEach(async () => {
    receiver.up();
    expect((await api.post("/v1/webhooks/2", { url: receiver.url, authorization: TEST_AUTHORIZATION })).status).toBeLessThan(300);
  });

  const idWithPlan = (wanted: ReturnType<typeof planFor>, prefix: string) => {
    for (let i = 0; ; i++) {
      const id = `${prefix}-${engine.name}-${Date.now().toString(36)}-${i}`;
      if (planFor(id) === wanted) return id;
    }
  };
  const sent = async (idempotentId: string) => {
    const row = await approvedRequest(store.db, idempotentId, 43_210);
    expect(await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS)).toMatchObject({ state: "registered" });
    return row;
  };
  const rowOf = async (id: string) => (await store.db.select().from(transferRequests).where(eq(transferRequests.id, id)))[0]!;
  const finish = async () => {
    await sandbox.sandbox.core.lifecycle.settle();
    await sandbox.sandbox.webhooksIdle();
  };

  it("the provider completes it: a notification makes it paid, with its end_to_end and payment date, audited", async () => {
    const row = await sent(idWithPlan("complete", "paid"));
    await finish();
    const after = await rowOf(row.id);
    const payment = sandbox.sandbox.core.index.get(row.idempotentId)!;
    expect(after).toMatchObject({ state: "paid", providerStatus: "completed", endToEnd: payment.end_to_end });
    expect(after.paymentDate?.getTime()).toBe(payment.paidAt);
    const detail = await getTransfer(store.db, row.id);
    expect(detail).toMatchObject({ state: "paid", end_to_end: payment.end_to_end, attention: null });
    expect(detail?.history.at(-1)).toMatchObject({ from_state: "registered", to_state: "paid", actor: null, note: { key: "transfers.notes.paid" } });
    const audit = await store.db.select().from(auditLog).where(and(eq(auditLog.target, row.idempotentId), eq(auditLog.action, "transfer.paid")));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ source: "webhook", end_to_end: payment.end_to_end });
  });

  it("the provider cancels it (an id with 'cancel'): provider_canceled with its reason; it needs attention until a person marks it handled", async () => {
    const row = await sent(idWithPlan("cancel_after_sent", "cancel"));
    await finish();
    const after = await rowOf(row.id);
    const payment = sandbox.sandbox.core.index.get(row.idempotentId)!;
    expect(after).toMatchObject({ state: "provider_canceled", cancellationReason: payment.cancellation_reason });
    expect(payment.cancellation_reason).toEqual(expect.any(String));
    expect(after.cancellationDate).toBeInstanceOf(Date);

    const attention = await listTransfers(store.db, { attention: true, pageSize: 100 });
    expect(attention.transfers.find((t) => t.id === row.id)).toMatchObject({ attention: "provider_canceled", cancellation_reason: payment.cancellation_reason });
    await handleAttention(store.db, row.id, { ...MAKER, ip: "198.51.100.7" }, "Recebedor avisado; nova transferência criada", { afterMinutes: 30, portal: false });
    expect((await listTransfers(store.db, { attention: true, pageSize: 100 })).transfers.some((t) => t.id === row.id)).toBe(false);
    expect(await getTransfer(store.db, row.id)).toMatchObject({ attention: null, attention_handled: { by: { id: MAKER.id }, note: "Recebedor avisado; nova transferência criada" } });
    const handled = await store.db.select().from(auditLog).where(and(eq(auditLog.target, row.idempotentId), eq(auditLog.action, "transfer.attention_handled")));
    expect(handled.map((a) => [a.actorId, a.ip])).toEqual([[MAKER.id, "198.51.100.7"]]);
  });

  it("with every notification lost, the reconciler alone brings both to their end; nothing moves twice", async () => {
    receiver.down();
    const done = await sent(idWithPlan("complete", "lost-paid"));
    const canceled = await sent(idWithPlan("cancel_after_sent", "lost-cancel"));
    await finish();
    expect((await rowOf(done.id)).state).toBe("registered");
    expect((await rowOf(canceled.id)).state).toBe("registered");
    const later = new Date(Date.now() + HOUR);
    await reconcile(store.db, SETTINGS, async () => undefined, later);
    expect(await rowOf(done.id)).toMatchObject({ state: "paid", endToEnd: expect.stringMatching(/^E/) });
    expect(await rowOf(canceled.id)).toMatchObject({ state: "provider_canceled", cancellationReason: expect.any(String) });
    // A second and a third run change nothing and audit nothing more.
    await reconcile(store.db, SETTINGS, async () => undefined, new Date(later.getTime() + HOUR));
    await reconcile(store.db, SETTINGS, async () => undefined, new Date(later.getTime() + 2 * HOUR));
    const moves = await store.db.select().from(auditLog).where(eq(auditLog.target, canceled.idempotentId));
    expect(moves.filter((a) => a.action === "transfer.provider_canceled").map((a) => (a.detail as { source: string }).source)).toEqual(["reconciler"]);
  });

  it("registered and not final after ATTENTION_AFTER_MINUTES needs attention, saying so", async () => {
    const row = await sent(idWithPlan("complete", "late"));
    const soon = await listTransfers(store.db, { attention: true, pageSize: 100 });
    expect(soon.transfers.some((t) => t.id === row.id)).toBe(false);
    const late = await listTransfers(store.db, { attention: true, pageSize: 100, now: new Date(Date.now() + 31 * 60_000) });
    expect(late.transfers.find((t) => t.id === row.id)).toMatchObject({ state: "registered", attention: "not_final" });
  });
});
