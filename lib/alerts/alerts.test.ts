import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as WEBHOOK } from "@/app/api/webhooks/pix/route";
import { setStoreForTests } from "@/lib/db";
import { alertDeliveries, alerts, auditLog } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { createEventBus, type EventBus } from "@/lib/events/bus";
import { setEventBusForTests } from "@/lib/events/runtime";
import { TEST_AUTHORIZATION } from "@/lib/events/testing";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { planFor } from "@/sandbox/lifecycle";
import { requestToken, sandboxClient, type SandboxClient } from "@/sandbox/testing";
import { serveRoute } from "@/lib/testing/route-server";
import { submitTransfer } from "@/lib/transfers/server/engine";
import { DEFAULT_POLICY } from "@/lib/transfers/policy";
import { reconcile } from "@/lib/transfers/server/reconcile";
import { createTransfer } from "@/lib/transfers/server/create";
import { startEngineHarness, type EngineHarness } from "@/lib/transfers/testing/harness";
import { approvedRequest, TEST_ENGINE_SETTINGS, transferOf } from "@/lib/transfers/testing/fixtures";
import { startAlertQueue } from "./queue";
import { listAlerts } from "./store";
import { addPeople, APP_URL, startTestReceiver, startTestSmtp, testAlertWork, WEBHOOK_SECRET, type TestReceiver, type TestSmtp } from "./testing";
import { verifySignature } from "./webhook";

/**
 * Alerts and notices reach people through a real SMTP server and a real HTTP receiver. Time is
 * driven: the work runs with the instants the test gives it (the delivery backoff, the
 * reconciler's runs); only the first test lets the queue run by itself, and waits for the e-mails
 * it must send.
 */
let sandbox: TestSandbox;
let api: SandboxClient;
let hooks: Awaited<ReturnType<typeof serveRoute>>;
let smtp: TestSmtp;
let receiver: TestReceiver;

beforeAll(async () => {
  hooks = await serveRoute("/api/webhooks/pix", WEBHOOK as never);
  sandbox = await startTestSandbox({ seedCount: 10, autoClock: false, webhookRetryMs: 20, webhookMaxAttempts: 3, balanceCents: 900_000_000 });
  api = sandboxClient(sandbox.sandbox.url, await requestToken(sandbox.sandbox.url));
  expect((await api.post("/v1/webhooks/2", { url: hooks.url, authorization: TEST_AUTHORIZATION })).status).toBeLessThan(300);
  smtp = await startTestSmtp();
  receiver = await startTestReceiver();
});
afterAll(async () => {
  await sandbox?.close();
  await hooks?.close();
  await smtp?.close();
  await receiver?.close();
});

const MAKER = { id: "u-maker", email: "operator@empresa.example", role: "operator" as const };
const APPROVER = { id: "u-approver", email: "approver@empresa.example", role: "approver" as const, locale: "pt-BR" as const };
const APPROVER_2 = { id: "u-approver-2", email: "approver2@empresa.example", role: "approver" as const, locale: "en" as const };
const ADMIN = { id: "u-admin", email: "admin@empresa.example", role: "admin" as const };
const HOUR = 3_600_000;
const RECONCILE = { staleSeconds: 120, refreshMinutes: 10, windowHours: 1 };

describe.each(TEST_ENGINES)("alerts that reach people, on $name", (engine) => {
  let h: EngineHarness;
  let bus: EventBus;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    bus = await createEventBus({ db: h.store.db, pglite: h.store.pglite, databaseUrl: "url" in h.store.location ? h.store.location.url : undefined });
    setEventBusForTests(bus);
    setStoreForTests(h.store);
    await addPeople(h.store.db, [MAKER, APPROVER, APPROVER_2, ADMIN]);
  });
  afterAll(async () => {
    setEventBusForTests(undefined);
    await bus?.close();
    await h?.close();
  });
  afterEach(() => {
    smtp.received.length = 0;
    receiver.posts.length = 0;
  });

  it("a R$ 2.500,00 request awaiting approval: both approvers get an e-mail, each in their language, through the queue; the maker and the admin do not", async () => {
    const work = testAlertWork(h.store.db, { smtp });
    const queue = await startAlertQueue(h.queue.boss, { cron: null, pollingIntervalSeconds: 0.5, work });
    const unsubscribe = bus.subscribeTransfers((change) => void queue.noteChange(change));
    try {
      const { transfer } = await createTransfer(h.store.db, null, {
        transfer: transferOf(`alert-approval-${engine.name}-${Date.now().toString(36)}`, 250_000, { receiver_name: "Fornecedora Alfa Ltda" }),
        maker: MAKER,
        policy: DEFAULT_POLICY,
      });
      expect(transfer.state).toBe("awaiting_approval");
      // Every active approver of the store: this suite's two and the harness's two fixture approvers.
      const mails = await smtp.waitFor(4);
      const fixtures = ["approver-1@people.seed", "approver-2@people.seed"];
      expect(mails.map((m) => m.to).sort()).toEqual([[APPROVER.email], [APPROVER_2.email], ...fixtures.map((e) => [e])].sort());
      const pt = mails.find((m) => m.to[0] === APPROVER.email)!;
      const en = mails.find((m) => m.to[0] === APPROVER_2.email)!;
      expect(pt.subject).toBe("Aprovação pendente: R$\u00a02.500,00 para Fornecedora Alfa Ltda");
      expect(pt.text).toContain(`${MAKER.email} pediu uma transferência de R$\u00a02.500,00 para Fornecedora Alfa Ltda`);
      expect(pt.text).toContain(`${APP_URL}/transfers/${transfer.id}`);
      expect(en.subject).toBe("Approval waiting: R$\u00a02.500,00 to Fornecedora Alfa Ltda");
      expect(en.text).toContain(`${MAKER.email} asked for a transfer of R$\u00a02.500,00`);
      // Heard again (another instance, the catch-up run): decided once, nothing more is sent.
      expect(await work.subject({ kind: "transfer", id: transfer.id })).toEqual([]);
      expect(await work.tick()).toEqual([]);
      expect(smtp.received).toHaveLength(4);
    } finally {
      unsubscribe();
    }
  });

  it("a transfer the provider cancels: one alert, one signed webhook post; three reconciler runs later, nothing more", async () => {
    const work = testAlertWork(h.store.db, { receiver, balanceCents: 900_000_000 });
    const id = `alert-cancel-${engine.name}-${Date.now().toString(36)}`;
    expect(planFor(id)).toBe("cancel_after_sent");
    const row = await approvedRequest(h.store.db, id, 43_210);
    expect(await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS)).toMatchObject({ state: "registered" });
    await sandbox.sandbox.core.lifecycle.settle();
    await sandbox.sandbox.webhooksIdle();

    let now = new Date();
    const deliver = async (ids: number[]) => Promise.all(ids.map((d) => work.deliver(d, now)));
    await deliver(await work.subject({ kind: "transfer", id: row.id }, now));
    const raised = await h.store.db.select().from(alerts).where(and(eq(alerts.subjectType, "transfer"), eq(alerts.subjectId, row.id)));
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ rule: "transfer_not_paid", state: "open", facts: { reason: "provider_canceled", value_cents: 43_210 } });
    expect(receiver.posts).toHaveLength(1);
    const post = receiver.posts[0]!;
    expect(verifySignature(post.body, post.headers["x-signature"] as string, WEBHOOK_SECRET)).toBe(true);
    expect(verifySignature(post.body, post.headers["x-signature"] as string, "another-secret-of-16")).toBe(false);
    const body = JSON.parse(post.body) as { text: string; alert: { id: number; rule: string; facts: { reason: string } } };
    expect(body.text).toContain("Transferência não paga · R$\u00a0432,10 para Maria Aparecida dos Santos · Cancelada pelo provedor");
    expect(body.text).toContain(`${APP_URL}/transfers/${row.id}`);
    expect(body.alert).toMatchObject({ id: raised[0]!.id, rule: "transfer_not_paid", facts: { reason: "provider_canceled" } });

    for (let run = 1; run <= 3; run++) {
      now = new Date(Date.now() + run * HOUR);
      await reconcile(h.store.db, RECONCILE, async () => undefined, now);
      await deliver(await work.tick(now));
      await deliver(await work.subject({ kind: "transfer", id: row.id }, now));
    }
    expect(receiver.posts).toHaveLength(1);
    expect(await h.store.db.select().from(alerts).where(eq(alerts.subjectId, row.id))).toHaveLength(1);
    expect(await h.store.db.select().from(alerts).where(eq(alerts.state, "open"))).toHaveLength(1);
  });

  it("SMTP down, then up: the alert's e-mail fails (shown on the alert), is retried at its backoff, and is delivered once", async () => {
    const work = testAlertWork(h.store.db, { smtp, balanceCents: 5_000 });
    await smtp.down();
    const t0 = new Date();
    const ids = await work.tick(t0);
    const [alert] = await h.store.db.select().from(alerts).where(eq(alerts.rule, "balance_low"));
    expect(alert).toMatchObject({ state: "open", facts: { balance_cents: 5_000, threshold: 1_000_000 } });
    const mine = await h.store.db.select().from(alertDeliveries).where(eq(alertDeliveries.alertId, alert!.id));
    expect(mine.map((d) => [d.channel, d.address])).toEqual([["email", ADMIN.email]]);
    expect(ids).toContain(mine[0]!.id);

    const first = await work.deliver(mine[0]!.id, t0);
    expect(first).toMatchObject({ status: "retry" });
    const shown = await listAlerts(h.store.db, { id: ADMIN.id, email: ADMIN.email, all: true }, { state: "open", page: 1 });
    const onAlert = shown.alerts.find((a) => a.id === alert!.id)!;
    expect(onAlert.deliveries).toEqual([
      expect.objectContaining({ channel: "email", to: ADMIN.email, state: "pending", attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED|connect/i) }),
    ]);
    // Not due yet: nothing is tried, and the tick does not queue it.
    expect(await work.deliver(mine[0]!.id, new Date(t0.getTime() + 10_000))).toEqual({ status: "skipped" });
    expect(await work.tick(new Date(t0.getTime() + 10_000))).not.toContain(mine[0]!.id);

    await smtp.up();
    const later = new Date(t0.getTime() + 31_000);
    expect(await work.tick(later)).toContain(mine[0]!.id);
    expect(await work.deliver(mine[0]!.id, later)).toEqual({ status: "sent" });
    expect(await work.deliver(mine[0]!.id, new Date(later.getTime() + HOUR))).toEqual({ status: "skipped" });
    expect(await work.tick(new Date(later.getTime() + HOUR))).not.toContain(mine[0]!.id);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: [ADMIN.email], subject: expect.stringContaining("[Alerta] Saldo baixo") });
    const [after] = await h.store.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, mine[0]!.id));
    expect(after).toMatchObject({ state: "sent", attempts: 2, lastError: null });

    // The balance is back: the alert resolves by itself, and nothing is sent about that.
    const fine = testAlertWork(h.store.db, { smtp, balanceCents: 900_000_000 });
    await fine.tick(new Date(later.getTime() + 2 * HOUR));
    const [resolved] = await h.store.db.select().from(alerts).where(eq(alerts.id, alert!.id));
    expect(resolved).toMatchObject({ state: "resolved", resolvedById: null });
    expect(smtp.received).toHaveLength(1);
    expect(await h.store.db.select().from(auditLog).where(eq(auditLog.target, `alert:${alert!.id}`))).toEqual([]);
  });
});
