import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateAlerts } from "@/lib/alerts/raise";
import { getAlertSettings, ruleConfigOf } from "@/lib/alerts/settings";
import { setStoreForTests } from "@/lib/db";
import { auditLog, chargeEvents, charges, erpEvents } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import type { EventBus } from "@/lib/events/bus";
import { receiveWebhook } from "@/lib/events/receiver";
import { deliveryRequest, TEST_AUTHORIZATION } from "@/lib/events/testing";
import { getQrcodeByReference, payQrcodeInHomologation, registerWebhook } from "@/lib/payments-api";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { addBrazilDays, brazilDayKey } from "@/lib/pix/time";
import { chargeInputSchema } from "./input";
import { reconcileCharges } from "./reconcile";
import { createCharge, followQrcode, withdrawCharge } from "./service";
import { getCharge } from "./store";

const MAKER = { id: "operator-1", email: "operator@test.example", ip: "203.0.113.7" };
const ISSUER = { name: "Empresa Demonstração Ltda", document: "11222333000181" };
const DEPS = { issuer: ISSUER, returnUrl: "http://localhost:3000/" };
/** Deliveries are taken from the sandbox's own record and handed to our receiver here. */
const quietBus = { publish: async () => undefined, subscribe: () => () => undefined } as unknown as EventBus;

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ autoClock: false, webhookRetryMs: 10, webhookMaxAttempts: 1 });
  // QR code notifications (type 1) go to a dead port: the test hands each one to the receiver itself.
  await registerWebhook(1, "http://127.0.0.1:9/api/webhooks/pix", TEST_AUTHORIZATION);
});
afterAll(() => sandbox.close());

let n = 0;
const reference = (what: string) => `NF-${what}-${Date.now().toString(36)}-${++n}`;
const today = () => brazilDayKey(new Date());
const input = (overrides: Record<string, unknown> = {}) =>
  chargeInputSchema.parse({
    external_reference: reference("c"),
    value_cents: 15_990,
    payer_name: "Mercado São João Ltda",
    payer_document: "11.444.777/0001-61",
    payer_email: "Financeiro@SaoJoao.com.br",
    description: "Fatura de novembro",
    due_date: brazilDayKey(addBrazilDays(new Date(), 3)),
    ...overrides,
  });

/** The sandbox's notification of a paid QR code, as it would have been POSTed to us. */
async function deliveryOf(referenceCode: string) {
  await sandbox.sandbox.webhooksIdle();
  const d = sandbox.sandbox.deliveries.find((x) => x.kind === "qrcode" && x.reference_code === referenceCode);
  if (!d) throw new Error(`no notification for ${referenceCode}`);
  return d.payload;
}

describe.each(TEST_ENGINES)("charges on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  const receive = (body: unknown) =>
    receiveWebhook(deliveryRequest(body), { db: store.db, bus: quietBus, authorization: TEST_AUTHORIZATION, secretKey: sandbox.sandbox.clientSecret });
  const eventsOf = async (id: string) => (await store.db.select().from(chargeEvents).where(eq(chargeEvents.chargeId, id))).map((e) => `${e.fromState ?? "-"}>${e.toState}`);

  it("is written with its audit entry, then made at the provider: a copia-e-cola code and a reference code, due at the end of its Brazil day", async () => {
    const body = input();
    const { charge, created } = await createCharge(store.db, body, MAKER, DEPS);
    expect(created).toBe(true);
    expect(charge).toMatchObject({ state: "awaiting_payment", payerDocument: "11444777000161", payerEmail: "financeiro@saojoao.com.br", valueCents: 15_990 });
    expect(charge.content).toMatch(/^000201/);
    expect(charge.referenceCode).toBeTruthy();
    // 23:59:59 of the due day in Brazil (UTC-3): 02:59:59 UTC the next day.
    expect(charge.expiresAt.toISOString()).toBe(`${brazilDayKey(addBrazilDays(new Date(`${body.dueDate}T12:00:00Z`), 1))}T02:59:59.000Z`);
    // The ERP hears it through the change feed, in the same transaction as the move.
    const feed = await store.db.select().from(erpEvents).where(eq(erpEvents.subjectId, charge.id));
    expect(feed.map((e) => e.type)).toEqual(["charge.awaiting_payment"]);
    expect(feed[0]!.data).toMatchObject({ external_reference: body.externalReference, value_cents: 15_990, state: "awaiting_payment" });
    const audit = await store.db.select().from(auditLog).where(and(eq(auditLog.action, "charge.create"), eq(auditLog.target, charge.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: MAKER.email, outcome: "success" });
    expect(await eventsOf(charge.id)).toEqual(["->creating", "creating>awaiting_payment"]);
    // What the provider holds is what we asked for.
    const made = sandbox.sandbox.core.qrcodes.byReferenceCode(charge.referenceCode!);
    expect(made).toMatchObject({ value_cents: 15_990, external_reference: body.externalReference, generator_document: ISSUER.document });
  });

  it("the same external_reference twice answers the charge already made (one code at the provider); other terms under it are refused", async () => {
    const body = input();
    const posts = () => sandbox.calls.filter((c) => c.method === "POST" && c.path === "/v1/pix/qrcodes").length;
    const before = posts();
    const first = await createCharge(store.db, body, MAKER, DEPS);
    const second = await createCharge(store.db, body, MAKER, DEPS);
    expect(second).toMatchObject({ created: false, charge: { id: first.charge.id, referenceCode: first.charge.referenceCode } });
    expect(posts() - before).toBe(1);
    await expect(createCharge(store.db, { ...body, valueCents: 99 }, MAKER, DEPS)).rejects.toMatchObject({ code: "conflict_body" });
    expect(await store.db.select().from(charges).where(eq(charges.externalReference, body.externalReference))).toHaveLength(1);
  });

  it("a provider answer lost leaves it `creating`; sent again with the same reference it is made then", async () => {
    const body = input();
    await sandbox.fault({ method: "POST", path: "/v1/pix/qrcodes", fault: "500", times: 1 });
    await expect(createCharge(store.db, body, MAKER, DEPS)).rejects.toMatchObject({ kind: "upstream_failure" });
    const [row] = await store.db.select().from(charges).where(eq(charges.externalReference, body.externalReference));
    expect(row?.state).toBe("creating");
    const again = await createCharge(store.db, body, MAKER, DEPS);
    expect(again).toMatchObject({ created: false, charge: { id: row!.id, state: "awaiting_payment" } });
  });

  it("a charge the provider refuses is in error with the provider's reason", async () => {
    const { charge } = await createCharge(store.db, input(), MAKER, { ...DEPS, issuer: { name: "Bloqueada", document: "52998224725" } });
    expect(charge).toMatchObject({ state: "error", errorReason: "Generator not allowed", referenceCode: null });
  });

  it("is paid by its pix_qrcode notification exactly once, whatever arrives twice", async () => {
    const { charge } = await createCharge(store.db, input(), MAKER, DEPS);
    await payQrcodeInHomologation(charge.referenceCode!);
    const payload = await deliveryOf(charge.referenceCode!);
    expect(payload.notification_type).toBe("pix_qrcode");

    expect((await receive(payload)).status).toBe(200);
    // The same delivery again (the provider's retry), and one with another body's bytes (read back again).
    expect((await receive(payload)).status).toBe(200);
    expect((await receive(JSON.stringify(payload, null, 2))).status).toBe(200);

    const paid = await getCharge(store.db, charge.id);
    expect(paid).toMatchObject({ state: "paid", paid: { value_cents: 15_990 } });
    expect(paid?.paid?.end_to_end).toMatch(/^E/);
    expect(paid?.paid?.payer_name).toBeTruthy();
    expect(await eventsOf(charge.id)).toEqual(["->creating", "creating>awaiting_payment", "awaiting_payment>paid"]);
    // And the reconciler's read afterwards changes nothing.
    await reconcileCharges(store.db, new Date(Date.now() + 120_000));
    expect(await eventsOf(charge.id)).toHaveLength(3);
  });

  it("five followers at once (instances hearing one payment) record it once", async () => {
    const { charge } = await createCharge(store.db, input(), MAKER, DEPS);
    await payQrcodeInHomologation(charge.referenceCode!);
    const q = await getQrcodeByReference(charge.referenceCode!);
    const results = await Promise.all(Array.from({ length: 5 }, () => store.db.transaction((tx) => followQrcode(tx, q, "webhook"))));
    expect(results.filter((r) => r === "paid")).toHaveLength(1);
    expect(results.filter((r) => r === "unchanged")).toHaveLength(4);
    expect((await eventsOf(charge.id)).filter((e) => e.endsWith(">paid"))).toHaveLength(1);
  });

  it("is paid by the reconciler's read when the notification was lost", async () => {
    const { charge } = await createCharge(store.db, input(), MAKER, DEPS);
    await payQrcodeInHomologation(charge.referenceCode!);
    const counts = await reconcileCharges(store.db, new Date(Date.now() + 120_000), 500);
    expect(counts.paid).toBeGreaterThanOrEqual(1);
    expect(await getCharge(store.db, charge.id)).toMatchObject({ state: "paid", paid: { value_cents: 15_990 } });
  });

  it("expires when the provider let its due day end unpaid", async () => {
    const { charge } = await createCharge(store.db, input({ due_date: today() }), MAKER, DEPS);
    await sandbox.sandbox.advance(2 * 86_400_000);
    await reconcileCharges(store.db, new Date(Date.now() + 120_000), 500);
    expect(await getCharge(store.db, charge.id)).toMatchObject({ state: "expired", paid: null });
  });

  it("withdrawn by a person (audited); a payment that still arrives is recorded once and flagged", async () => {
    const { charge } = await createCharge(store.db, input(), MAKER, DEPS);
    const withdrawn = await withdrawCharge(store.db, charge.id, MAKER, "Cliente pagou por boleto");
    expect(withdrawn).toMatchObject({ state: "withdrawn", withdrawnByEmail: MAKER.email, withdrawReason: "Cliente pagou por boleto" });
    await expect(withdrawCharge(store.db, charge.id, MAKER, "de novo")).rejects.toMatchObject({ code: "illegal_state" });
    expect(await store.db.select().from(auditLog).where(and(eq(auditLog.action, "charge.withdraw"), eq(auditLog.target, charge.id)))).toHaveLength(1);

    await payQrcodeInHomologation(charge.referenceCode!);
    const payload = await deliveryOf(charge.referenceCode!);
    await receive(payload);
    await receive(JSON.stringify(payload, null, 1));
    await reconcileCharges(store.db, new Date(Date.now() + 120_000), 500);

    const after = await getCharge(store.db, charge.id);
    expect(after).toMatchObject({ state: "withdrawn", attention: "paid_after_withdrawal", paid: { value_cents: 15_990 } });
    expect(after?.events.filter((e) => e.note?.key === "charges.events.paidAfterWithdrawal")).toHaveLength(1);
    expect(await store.db.select().from(auditLog).where(and(eq(auditLog.action, "charge.paid_after_withdrawal"), eq(auditLog.target, charge.id)))).toHaveLength(1);

    // An alert says so, once, with a link to the charge; looking again raises nothing new.
    const deps = { now: new Date(), config: ruleConfigOf(await getAlertSettings(store.db, 30)), portal: false, channels: { email: false, webhook: false, appUrl: "http://localhost:3000" } };
    const first = await evaluateAlerts(store.db, { kind: "all" }, deps);
    const mine = first.raised.filter((a) => a.rule === "charge_paid_after_withdrawal" && a.subjectId === charge.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.facts).toMatchObject({ value_cents: 15_990, external_reference: after?.external_reference });
    const second = await evaluateAlerts(store.db, { kind: "all" }, deps);
    expect(second.raised.filter((a) => a.subjectId === charge.id)).toHaveLength(0);
  });
});
