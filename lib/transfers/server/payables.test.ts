import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { transferRequests } from "@/lib/db/schema";
import { rowsOf, TEST_ENGINES } from "@/lib/db/test-engines";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { addBrazilDays, brazilDayKey } from "@/lib/pix";
import { submitTransfer } from "./engine";
import { reconcile } from "./reconcile";
import { sendInstant } from "../schedule";
import { createTransfer } from "./create";
import { approveTransfer, cancelTransfer, stopSeries } from "./service";
import { SENT_STATES, startEngineHarness, waitForState, type EngineHarness } from "../testing/harness";
import { APPROVER, MAKER, newIdempotentId, TEST_ENGINE_SETTINGS, transferOf, usePolicy } from "../testing/fixtures";

/**
 * Payables: a transfer scheduled for a day goes out on that day at the send time and not before
 * (time driven by the test, never waited for), from a job the queue keeps in the store (a restart
 * loses nothing), exactly once whoever runs it; a series is one request per occurrence.
 */
const NO_APPROVALS = { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 };
const ONE_APPROVAL = { tiers: [{ from_cents: 0, approvals: 1 }], expiry_hours: 24 };
const SEND_TIME = "08:00";
const maker = { ...MAKER, ip: null };

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000 });
});
afterAll(() => sandbox.close());
const paymentsWith = (id: string) => sandbox.sandbox.core.index.all().filter((p) => p.idempotent_id === id).length;

describe.each(TEST_ENGINES)("payables on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    // The policies these tests make payables with ask for no more than this one: it is the one in force when they go out.
    await usePolicy(h.store.db, NO_APPROVALS);
  });
  afterAll(() => h?.close());
  beforeEach(() => sandbox.clearFaults());

  const inDays = (n: number) => brazilDayKey(addBrazilDays(new Date(), n));
  const schedule = (days: number, policy = NO_APPROVALS, o: { recurrence?: { every: "week" | "month"; count?: number } } = {}) =>
    createTransfer(h.store.db, h.queue, {
      transfer: transferOf(newIdempotentId("pay"), 25_000, { receiver_document: "86288366757" }),
      maker,
      policy,
      sendTime: SEND_TIME,
      payable: { scheduledFor: inDays(days), recurrence: o.recurrence ?? null, description: "Aluguel de dezembro" },
    });

  it("scheduled for a day: waits in `scheduled`, is not sent before its day's send time, and goes out then, once", async () => {
    const { transfer: row } = await schedule(3);
    expect(row).toMatchObject({ state: "scheduled", scheduledFor: inDays(3), description: "Aluguel de dezembro" });
    const at = sendInstant(inDays(3), SEND_TIME);
    expect(row.sendAt?.getTime()).toBe(at.getTime());
    // A job that comes early (a restart, a requeue, another instance) sends nothing.
    expect(await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, new Date(at.getTime() - 60_000))).toEqual({ done: false, state: "scheduled", dueAt: at });
    expect(paymentsWith(row.idempotentId)).toBe(0);
    // Its time: two instances at once, one payment.
    const results = await Promise.all([submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, at), submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, at)]);
    expect(results.filter((r) => r.done)).toHaveLength(1);
    expect(results.find((r) => r.done)).toMatchObject({ state: "registered" });
    expect(paymentsWith(row.idempotentId)).toBe(1);
  });

  it("its job waits in the store for its instant (a restart keeps it); lost, the reconciler queues it again once due", async () => {
    const { transfer: row } = await schedule(2);
    const jobs = rowsOf<{ start_after: Date }>(
      await h.store.db.execute(sql`select start_after from pgboss.job where name = 'transfer-submit' and singleton_key = ${row.id}`),
    );
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(row.sendAt!.getTime());
    // Lost job (a wiped queue): the reconciler finds the due payable and queues it for now.
    await h.store.db.execute(sql`delete from pgboss.job where singleton_key = ${row.id}`);
    const requeued: string[] = [];
    await reconcile(h.store.db, { staleSeconds: 0, refreshMinutes: 60, windowHours: 1 }, async (items) => void requeued.push(...items.map((i) => i.id)), new Date(row.sendAt!.getTime() + 60_000));
    expect(requeued).toContain(row.id);
    expect(await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, new Date(row.sendAt!.getTime() + 60_000))).toMatchObject({ state: "registered" });
  });

  it("approved before its day: becomes `scheduled` (not sent); the queue is told its instant", async () => {
    const { transfer: row } = await schedule(5, ONE_APPROVAL);
    expect(row.state).toBe("awaiting_approval");
    expect(row.expiresAt!.getTime()).toBeLessThanOrEqual(row.sendAt!.getTime());
    const { ready } = await approveTransfer(h.store.db, row.id, { ...APPROVER, ip: null });
    expect(ready).toEqual([{ id: row.id, startAfter: row.sendAt }]);
    const after = (await h.store.db.select().from(transferRequests).where(eq(transferRequests.id, row.id)))[0]!;
    expect(after).toMatchObject({ state: "scheduled", nextAttemptAt: row.sendAt });
  });

  it("waiting for approval longer than until its day: it expires at its send instant, not after (kills: an expiry not capped at the first send)", async () => {
    const { transfer: row } = await schedule(1, { tiers: [{ from_cents: 0, approvals: 1 }], expiry_hours: 72 });
    expect(row.state).toBe("awaiting_approval");
    expect(row.expiresAt).toEqual(row.sendAt);
  });

  it("canceled by its maker before its day: nothing is ever sent", async () => {
    const { transfer: row } = await schedule(1);
    await cancelTransfer(h.store.db, row.id, maker, "Contrato encerrado");
    expect(await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, new Date(row.sendAt!.getTime() + 60_000))).toEqual({ done: false, state: "canceled" });
    expect(paymentsWith(row.idempotentId)).toBe(0);
  });

  it("on its day the balance cannot pay it: not sent, held with the reason (saldo insuficiente), needs attention", async () => {
    const { transfer: row } = await schedule(1);
    // The provider's balance, made smaller than the amount for this one step.
    const opts = (sandbox.sandbox.core as unknown as { opts: { balanceCents: number } }).opts;
    const before = opts.balanceCents;
    opts.balanceCents = -1_000_000_000_000;
    try {
      expect(await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, row.sendAt!)).toMatchObject({
        state: "held",
        outcome: { kind: "held", reasons: ["insufficient_balance"] },
      });
    } finally {
      opts.balanceCents = before;
    }
    expect(paymentsWith(row.idempotentId)).toBe(0);
  });

  it("a monthly series of 3: three requests with their own ids, one per day; stopping it cancels what was not sent", async () => {
    const { transfer: first, series } = await schedule(1, NO_APPROVALS, { recurrence: { every: "month", count: 3 } });
    expect(series).toHaveLength(3);
    const ids = series!.map((r) => r.idempotentId);
    expect(new Set(ids).size).toBe(3);
    expect(series!.map((r) => r.scheduledFor)).toEqual([inDays(1), ...series!.slice(1).map((r) => r.scheduledFor)]);
    // Each id is the series' own id and its day.
    series!.forEach((r) => expect(r.idempotentId.endsWith(`-${r.scheduledFor}`)).toBe(true));
    expect(series!.every((r) => r.seriesId === first.seriesId && r.state === "scheduled")).toBe(true);
    // The first goes out on its day; then the series is stopped: the other two never go.
    await submitTransfer(h.store.db, first.id, TEST_ENGINE_SETTINGS, first.sendAt!);
    expect(await stopSeries(h.store.db, first.seriesId!, maker)).toBe(2);
    for (const row of series!.slice(1)) {
      expect(await submitTransfer(h.store.db, row.id, TEST_ENGINE_SETTINGS, new Date(row.sendAt!.getTime() + 60_000))).toEqual({ done: false, state: "canceled" });
    }
    expect(ids.map(paymentsWith)).toEqual([1, 0, 0]);
  });

  it("due now: the queue itself sends it (no clock driven: its instant has passed)", async () => {
    const { transfer: row } = await schedule(0);
    // Today's send time may have passed already (then it went at once) or not (then it waits).
    if (row.sendAt!.getTime() <= Date.now()) {
      expect(row.state).toBe("approved");
      await waitForState(h.store, row.id, SENT_STATES);
    } else expect(row.state).toBe("scheduled");
  });
});
