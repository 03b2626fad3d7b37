import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as READY } from "@/app/api/ready/route";
import { alertWork } from "@/lib/alerts/work";
import { setStoreForTests } from "@/lib/db";
import { alerts } from "@/lib/db/schema";
import { metrics } from "@/lib/metrics/registry";
import { listWebhooks } from "@/lib/payments-api/webhook-admin";
import { ensureWebhookRegistrations } from "@/lib/payments-api/webhook-setup";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { startEngineHarness, type EngineHarness } from "@/lib/transfers/testing/harness";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { keepWebhooksRegistered, REGISTRATION_BACKOFF_MS, resetWebhookRegistrationForTests, webhookRegistration } from "./webhook-registration";

/**
 * A provider that refuses the first registrations (the connection reset, as when it is still
 * starting): the app keeps trying at its backoff and the webhooks end up registered; meanwhile
 * /api/ready says `degraded` with the reason, the metric reads 0 and the alert is raised after
 * its threshold, then all of it clears. The waits between attempts are the test's: no sleep.
 */
const RECEIVER = "https://backoffice.example.com/api/webhooks/pix";
const FAILURES = 3;

let t: TestSandbox;
let h: EngineHarness;
beforeAll(async () => {
  t = await startTestSandbox();
  h = await startEngineHarness(TEST_ENGINES[0]!);
});
afterAll(async () => {
  resetWebhookRegistrationForTests();
  await h?.close();
  setStoreForTests(undefined);
  await t?.close();
});

const ready = async () => {
  const res = await READY(new Request("http://localhost:3000/api/ready"), undefined);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> } };
};

const held = async () => (await metrics().webhookRegistrationHeld.get()).values[0]?.value;

/** Waits the loop asks for, released by the test one by one. */
function driven() {
  const asked: number[] = [];
  const pending: Array<() => void> = [];
  const listeners: Array<() => void> = [];
  return {
    asked,
    wait: (ms: number) =>
      new Promise<void>((resolve) => {
        asked.push(ms);
        pending.push(resolve);
        listeners.splice(0).forEach((l) => l());
      }),
    /** Resolves once the loop waits (it failed an attempt). */
    waiting: () => (pending.length ? Promise.resolve() : new Promise<void>((resolve) => listeners.push(resolve))),
    release: () => pending.shift()?.(),
  };
}

describe("webhook registration retried until the provider takes it", () => {
  it("registers after N failures; /api/ready degraded then ready; the metric and the alert follow", async () => {
    resetWebhookRegistrationForTests();
    await t.fault({ method: "POST", path: "/v1/webhooks/*", fault: "reset", times: FAILURES });
    const started = new Date("2026-12-02T12:00:00Z");
    let clock = started;
    const waits = driven();
    const loop = keepWebhooksRegistered({
      register: async () => {
        await ensureWebhookRegistrations({ url: RECEIVER, authorization: "Bearer test-webhook-authorization", force: true });
      },
      now: () => clock,
      wait: waits.wait,
    });
    const work = alertWork({
      db: h.store.db,
      channels: { email: false, webhook: false, appUrl: "http://localhost:3000" },
      transports: () => Promise.reject(new Error("no channel in this test")),
      attentionAfterMinutes: 30,
      portal: false,
      registration: webhookRegistration,
    });
    const liveAlert = async () =>
      (await h.store.db.select().from(alerts).where(and(eq(alerts.rule, "webhooks_unregistered")))).filter((a) => a.state !== "resolved");

    expect((await loop.first).status).toBe("retrying");
    const degraded = await ready();
    expect(degraded.status).toBe(200);
    expect(degraded.body.status).toBe("degraded");
    expect(degraded.body.checks.webhooks).toMatchObject({ ok: false, error: expect.stringContaining("not registered with the provider yet (1 attempt") });
    expect(degraded.body.checks.webhooks?.error).toContain("could not be reached");
    expect(await held()).toBe(0);

    // Below the threshold (5 min) nothing is raised; past it, one alert.
    await work.tick(new Date(started.getTime() + 60_000));
    expect(await liveAlert()).toHaveLength(0);
    clock = new Date(started.getTime() + 6 * 60_000);
    await work.tick(clock);
    const [raised] = await liveAlert();
    expect(raised).toMatchObject({ key: "webhooks_unregistered:webhooks:registration", facts: { minutes: 5, count: 1 } });

    for (let i = 0; i < FAILURES; i++) {
      await waits.waiting();
      waits.release();
    }
    const final = await loop.held;
    expect(final).toMatchObject({ status: "registered", attempts: FAILURES + 1 });
    expect(waits.asked).toEqual(REGISTRATION_BACKOFF_MS.slice(0, FAILURES));
    // The provider holds both registrations (payments, QR codes) for our receiver.
    const listed = await listWebhooks();
    expect(listed.filter((w) => w.url === RECEIVER).map((w) => w.typeId).sort()).toEqual([1, 2]);

    const after = await ready();
    expect(after).toMatchObject({ status: 200, body: { status: "ready", checks: { webhooks: { ok: true } } } });
    expect(await held()).toBe(1);
    await work.tick(new Date(clock.getTime() + 60_000));
    expect(await liveAlert()).toHaveLength(0);
    const [resolved] = await h.store.db.select().from(alerts).where(eq(alerts.id, raised!.id));
    expect(resolved?.state).toBe("resolved");
  });

  it("a process where no registration started answers degraded and says why", async () => {
    resetWebhookRegistrationForTests();
    const { body } = await ready();
    expect(body.status).toBe("degraded");
    expect(body.checks.webhooks?.error).toContain("has not started");
  });
});
