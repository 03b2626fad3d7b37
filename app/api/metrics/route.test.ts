import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { evaluateAlerts } from "@/lib/alerts/raise";
import { getAlertSettings, ruleConfigOf } from "@/lib/alerts/settings";
import { alerts } from "@/lib/db/schema";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { createEventBus } from "@/lib/events/bus";
import { setEventBusForTests } from "@/lib/events/runtime";
import { ensureWebhookRegistrations } from "@/lib/payments-api";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { planFor } from "@/sandbox/lifecycle";
import { readScrape, type Scrape } from "@/lib/testing/prometheus";
import { reconcile } from "@/lib/transfers/server/reconcile";
import { startEngineHarness, waitForState, type EngineHarness } from "@/lib/transfers/testing/harness";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";
import { guardRefusal } from "@/lib/testing/guard-refusal";

/**
 * GET /api/metrics as Prometheus reads it (a text parser from npm), around a real transfer: made
 * through POST /api/transfers, sent by the queue's workers to the sandbox, followed by the
 * sandbox's webhooks to our receiver, then a notification that never arrived found by the
 * reconciler and raised as an alert. Every family the operators watch must move.
 */
const auth = vi.hoisted(() => ({ user: { id: "u-operator", email: "operator@demo.test", name: "Olivia", role: "operator" } }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: string) =>
      can(auth.user.role as never, permission as never) ? { user: auth.user } : { response: guardRefusal(403, "forbidden") },
    ),
  };
});

const TOKEN = "metrics-token-for-the-tests-0001";
const APP = "http://localhost:3000";
process.env.METRICS_TOKEN = TOKEN;

const { GET } = await import("./route");
const { POST: createTransfer } = await import("@/app/api/transfers/route");
const { POST: receiveWebhook } = await import("@/app/api/webhooks/pix/route");

const scrape = (authorization?: string) => GET(new Request(`${APP}/api/metrics`, { headers: authorization ? { authorization } : {} }));
async function read(): Promise<Scrape> {
  const res = await scrape(`Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return await readScrape(await res.text());
}

let sandbox: TestSandbox;
let receiver: Server;
/** Statuses whose delivery our receiver refuses (the provider then retries; here, never in time). */
const dropped = new Set<string>();

beforeAll(async () => {
  sandbox = await startTestSandbox({ balanceCents: 900_000_000, autoClock: false, webhookRetryMs: 3_600_000 });
  // The provider delivers to our real route handler, over HTTP.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const status = (JSON.parse(body) as { message?: { status?: string } }).message?.status ?? "";
      if (dropped.has(status)) return void res.writeHead(503).end();
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      void receiveWebhook(new Request(`${APP}/api/webhooks/pix`, { method: "POST", headers, body })).then(async (answer) => {
        res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/pix`;
  await ensureWebhookRegistrations({ url, authorization: process.env.PAYMENTS_WEBHOOK_AUTHORIZATION!, force: true });
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await sandbox?.close();
  delete process.env.METRICS_TOKEN;
  resetEnvForTests();
});

describe("GET /api/metrics: who may scrape", () => {
  it("401 without the token or with a wrong one (WWW-Authenticate: Bearer), nothing of the metrics in the answer", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("pix_");
    }
  });

  it("404 when METRICS_TOKEN is unset: metrics are off", async () => {
    delete process.env.METRICS_TOKEN;
    resetEnvForTests();
    try {
      expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    } finally {
      process.env.METRICS_TOKEN = TOKEN;
      resetEnvForTests();
    }
  });
});

describe.each(TEST_ENGINES)("GET /api/metrics around a real transfer on $name", (engine) => {
  let h: EngineHarness;
  beforeAll(async () => {
    h = await startEngineHarness(engine);
    await seedTestPeople(h.store.db, [{ id: "u-operator", role: "operator" }]);
    setEventBusForTests(await createEventBus({ db: h.store.db }));
  });
  afterAll(async () => {
    setEventBusForTests(undefined);
    await h?.close();
  });

  it("every family moves: requests, provider calls, queue, transfers, webhook lag, findings, alerts", async () => {
    const before = await read();

    // An id the sandbox completes (it cancels some on purpose, by id).
    let n = 0;
    while (planFor(`metrics-${engine.name}-${n}`) !== "complete") n++;
    const id = `metrics-${engine.name}-${n}`;
    const created = await createTransfer(
      new Request(`${APP}/api/transfers`, { method: "POST", headers: { "content-type": "application/json", origin: APP }, body: JSON.stringify(dictBody(id, 12_345)) }),
    );
    expect(created.status).toBe(201);
    const { transfer } = (await created.json()) as { transfer: { id: string } };
    await waitForState(h.store, transfer.id, ["registered"]);

    // The provider moves it one step at a time: "sent" reaches us, "completed" never does.
    const advance = async () => {
      const res = await fetch(`${sandbox.sandbox.url}/_control/advance`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ms: 10_000 }) });
      expect(await res.json()).toMatchObject({ transitions: 1 });
    };
    await advance();
    const lagBefore = before.count("pix_webhook_lag_seconds", { kind: "payment" });
    await vi.waitFor(async () => expect((await read()).count("pix_webhook_lag_seconds", { kind: "payment" })).toBe(lagBefore + 1), { timeout: 15_000, interval: 100 });
    dropped.add("completed");
    await advance();
    // Past the provider's retries, the reconciler reads the payment back (paid) and lists the
    // missed "completed" notification as a finding.
    const settings = { staleSeconds: 120, refreshMinutes: 10, windowHours: 24 };
    const later = new Date(Date.now() + 3_600_000);
    await reconcile(h.store.db, settings, async () => undefined, later);
    dropped.clear();
    // The alert rules see the open finding and raise an alert.
    const config = ruleConfigOf(await getAlertSettings(h.store.db, 30));
    await evaluateAlerts(h.store.db, { kind: "all" }, { now: later, config, portal: false, channels: { email: false, webhook: false, appUrl: APP } });

    const after = await read();
    const moved = (name: string, labels: Record<string, string> = {}) => after.value(name, labels) - before.value(name, labels);
    expect(moved("pix_http_requests_total", { route: "POST /api/transfers", status: "201" })).toBe(1);
    expect(after.count("pix_http_request_duration_seconds", { route: "POST /api/transfers" })).toBe(before.count("pix_http_request_duration_seconds", { route: "POST /api/transfers" }) + 1);
    expect(moved("pix_provider_calls_total", { operation: "registerPayment", outcome: "201" })).toBe(1);
    expect(moved("pix_provider_calls_total", { operation: "getPayment" })).toBeGreaterThanOrEqual(1);
    expect(after.count("pix_provider_call_duration_seconds", { operation: "registerPayment" })).toBeGreaterThan(before.count("pix_provider_call_duration_seconds", { operation: "registerPayment" }));
    expect(moved("pix_queue_jobs", { queue: "transfer-submit", state: "completed" })).toBeGreaterThanOrEqual(1);
    expect(after.labelsOf("pix_queue_oldest_job_age_seconds").map((l) => l.state)).toEqual(expect.arrayContaining(["created", "retry", "active"]));
    // Registered, then paid: the reconciler read the completed payment back.
    expect(moved("pix_transfers", { state: "paid" })).toBe(1);
    expect(moved("pix_transfers")).toBe(1);
    expect(after.count("pix_webhook_lag_seconds", { kind: "payment" })).toBe(lagBefore + 1);
    expect(moved("pix_reconciliation_findings_open")).toBe(1);
    const [open] = await h.store.db.select({ n: count() }).from(alerts).where(eq(alerts.state, "open"));
    expect(moved("pix_alerts_open")).toBeGreaterThanOrEqual(1);
    expect(after.value("pix_alerts_open")).toBe(Number(open?.n));
  });
});
