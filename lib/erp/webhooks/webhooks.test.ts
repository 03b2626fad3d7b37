import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { evaluateAlerts } from "@/lib/alerts/raise";
import { getAlertSettings, ruleConfigOf } from "@/lib/alerts/settings";
import { alerts, auditLog, webhookEndpoints } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { ApiError } from "@/lib/http/api-error";
import { createRequest, newIdempotentId, transferOf } from "@/lib/transfers/testing/fixtures";
import { emitEvents } from "../emit";
import { deliverDue } from "./deliver";
import { listDeliveries, retryDelivery } from "./deliveries";
import { dispatchEvents } from "./dispatch";
import { createEndpoint, updateEndpoint } from "./endpoints";
import { DISABLE_AFTER_MS, RETRY_DELAYS_MS } from "./retry";

/** A receiver of the company's: answers each path with the statuses it is given, in turn (then 200). */
type Received = { path: string; headers: Record<string, string>; body: string };
let server: Server;
let base: string;
const received: Received[] = [];
const answers = new Map<string, number[]>();
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body });
      const status = answers.get(path)?.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : `down for maintenance (${status})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const OPEN = { allowPrivate: true, requireHttps: false };
const ADMIN = { id: "wh-admin", email: "admin@wh.test" };
let n = 0;
const pathOf = () => `/erp/${Date.now().toString(36)}-${++n}`;
const at = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe.each(TEST_ENGINES)("webhooks to the company's systems on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());
  // Each test's endpoints stop receiving when it ends: the next test's events are its own.
  afterEach(async () => {
    await store.db.update(webhookEndpoints).set({ enabled: false });
  });

  /** Queues what committed and sends what is due at `now`, as the worker's tick does. */
  const tick = async (now: Date, policy = OPEN, resolve?: (host: string) => Promise<string[]>) => {
    while ((await dispatchEvents(store.db, now)) > 0);
    return deliverDue(store.db, { now, policy, resolve });
  };

  it("a transfer's change reaches the endpoints whose patterns match, signed so the Standard Webhooks library verifies it", async () => {
    const path = pathOf();
    const other = pathOf();
    const endpoint = await createEndpoint(store.db, { url: base + path, events: ["transfer.*"] }, ADMIN, OPEN);
    await createEndpoint(store.db, { url: base + other, events: ["batch.completed"] }, ADMIN, OPEN);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const row = await createRequest(store.db, transferOf(newIdempotentId("wh"), 7_500), 1);
    await tick(new Date());

    const got = received.filter((r) => r.path === path);
    expect(got).toHaveLength(1);
    expect(received.filter((r) => r.path === other)).toHaveLength(0);
    const verified = new Webhook(endpoint.secret).verify(got[0]!.body, got[0]!.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(verified).toMatchObject({ type: "transfer.created", data: { id: row.id, state: "awaiting_approval", value_cents: 7_500 } });
    expect(got[0]!.headers["webhook-id"]).toMatch(/^evt_\d+$/);
    expect(() => new Webhook(`whsec_${Buffer.from("another secret of 24 b!!").toString("base64")}`).verify(got[0]!.body, got[0]!.headers)).toThrow();
    expect(() => new Webhook(endpoint.secret).verify(got[0]!.body.replace("7500", "750000"), got[0]!.headers)).toThrow();
  });

  it("a receiver that answers 500 gets the same webhook-id again within 30 s, and the 200 delivers it; each attempt is listed", async () => {
    const path = pathOf();
    const endpoint = await createEndpoint(store.db, { url: base + path, events: ["charge.*"] }, ADMIN, OPEN);
    answers.set(path, [500]);
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.paid", subjectId: "c-1", data: { id: "c-1", value_cents: 990 } }]));
    const t0 = new Date();
    await tick(t0);
    expect(RETRY_DELAYS_MS[0]).toBeLessThanOrEqual(30_000);
    expect(await tick(at(t0, RETRY_DELAYS_MS[0] - 1))).toBe(0);
    expect(await tick(at(t0, RETRY_DELAYS_MS[0]))).toBe(1);

    const got = received.filter((r) => r.path === path);
    expect(got).toHaveLength(2);
    expect(got[1]!.headers["webhook-id"]).toBe(got[0]!.headers["webhook-id"]);
    for (const r of got) expect(new Webhook(endpoint.secret).verify(r.body, r.headers)).toMatchObject({ type: "charge.paid", data: { id: "c-1" } });
    const [delivery] = await listDeliveries(store.db, endpoint.id);
    expect(delivery).toMatchObject({ state: "delivered", attempts: 2, webhook_id: got[0]!.headers["webhook-id"] });
    expect(delivery!.history.map((h) => [h.status, h.excerpt])).toEqual([
      [500, "down for maintenance (500)"],
      [200, "ok"],
    ]);
  });

  it("retries keep growing for more than 24 hours, then the delivery fails; an admin sends it again by hand", async () => {
    const path = pathOf();
    const endpoint = await createEndpoint(store.db, { url: base + path, events: ["charge.expired"] }, ADMIN, OPEN);
    answers.set(path, Array(RETRY_DELAYS_MS.length + 1).fill(503));
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.expired", subjectId: "c-2", data: { id: "c-2" } }]));
    let now = new Date();
    await tick(now);
    for (const wait of RETRY_DELAYS_MS) {
      now = at(now, wait);
      expect(await tick(now)).toBe(1);
    }
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 3_600_000);
    const [failed] = await listDeliveries(store.db, endpoint.id);
    expect(failed).toMatchObject({ state: "failed", attempts: RETRY_DELAYS_MS.length + 1, next_attempt_at: null });
    expect(new Set(received.filter((r) => r.path === path).map((r) => r.headers["webhook-id"])).size).toBe(1);

    const retried = await retryDelivery(store.db, endpoint.id, failed!.id, ADMIN, now);
    expect(retried.state).toBe("pending");
    expect(await tick(now)).toBe(1);
    expect((await listDeliveries(store.db, endpoint.id))[0]).toMatchObject({ state: "delivered" });
    const audited = await store.db.select().from(auditLog).where(and(eq(auditLog.action, "webhook_endpoint.retry_delivery"), eq(auditLog.target, endpoint.id)));
    expect(audited).toHaveLength(1);
  });

  it("an endpoint that has failed for days is disabled, audited, and receives nothing more", async () => {
    const path = pathOf();
    const endpoint = await createEndpoint(store.db, { url: base + path, events: ["charge.*"] }, ADMIN, OPEN);
    answers.set(path, Array(100).fill(502));
    const emit = (id: string) => store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.created", subjectId: id, data: { id } }]));
    const t0 = new Date();
    await emit("d-1");
    await tick(t0);
    await emit("d-2");
    await tick(at(t0, DISABLE_AFTER_MS - 60_000));
    const [before] = await store.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(before).toMatchObject({ enabled: true });

    await emit("d-3");
    await tick(at(t0, DISABLE_AFTER_MS));
    const [after] = await store.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(after).toMatchObject({ enabled: false, disabledReason: "failing" });
    const audited = await store.db.select().from(auditLog).where(and(eq(auditLog.action, "webhook_endpoint.disable"), eq(auditLog.target, endpoint.id)));
    expect(audited).toHaveLength(1);

    // Admins are told: an alert about the endpoint, which resolves itself once it is enabled again.
    const evaluate = async () =>
      evaluateAlerts(store.db, { kind: "all" }, { now: at(t0, DISABLE_AFTER_MS), config: ruleConfigOf(await getAlertSettings(store.db, 30)), portal: false, channels: { email: false, webhook: false, appUrl: "http://localhost" } });
    await evaluate();
    const raised = await store.db.select().from(alerts).where(and(eq(alerts.rule, "erp_endpoint_disabled"), eq(alerts.subjectId, endpoint.id)));
    expect(raised).toMatchObject([{ state: "open", subjectType: "webhook_endpoint", facts: { endpoint_url: base + path } }]);

    const sent = received.filter((r) => r.path === path).length;
    await emit("d-4");
    await tick(at(t0, DISABLE_AFTER_MS + 3_600_000));
    expect(received.filter((r) => r.path === path)).toHaveLength(sent);

    await updateEndpoint(store.db, endpoint.id, { enabled: true }, ADMIN, OPEN);
    await evaluate();
    const [after2] = await store.db.select().from(alerts).where(and(eq(alerts.rule, "erp_endpoint_disabled"), eq(alerts.subjectId, endpoint.id)));
    expect(after2?.state).toBe("resolved");
  });

  it("loopback, private and link-local addresses are refused unless allowed, plain http outside sandbox mode too; checked again before each delivery", async () => {
    const strict = { allowPrivate: false, requireHttps: true };
    const refusal = async (url: string, policy = strict) => {
      const error = await createEndpoint(store.db, { url, events: ["*"] }, ADMIN, policy).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).field).toBe("url");
      return (error as ApiError).key;
    };
    expect(await refusal("https://127.0.0.1/hook")).toBe("validation.erp.urlRefused.private_address");
    expect(await refusal("https://10.1.2.3/hook")).toBe("validation.erp.urlRefused.private_address");
    expect(await refusal("https://169.254.169.254/latest/meta-data")).toBe("validation.erp.urlRefused.private_address");
    expect(await refusal("https://[::ffff:192.168.0.1]/hook")).toBe("validation.erp.urlRefused.private_address");
    expect(await refusal("https://[fe80::1]/hook")).toBe("validation.erp.urlRefused.private_address");
    expect(await refusal("https://localhost/hook")).toBe("validation.erp.urlRefused.private_address");
    expect(await refusal("http://93.184.216.34/hook")).toBe("validation.erp.urlRefused.not_https");
    expect(await refusal("https://user:pass@93.184.216.34/hook")).toBe("validation.erp.urlRefused.credentials");
    const allowed = await createEndpoint(store.db, { url: "https://93.184.216.34/hook", events: ["*"] }, ADMIN, strict);
    expect(allowed.url).toBe("https://93.184.216.34/hook");
    await updateEndpoint(store.db, allowed.id, { enabled: false }, ADMIN, strict);

    // Saved while private addresses were allowed, then sent under the strict rule: not sent, counted as a failure.
    const path = pathOf();
    const endpoint = await createEndpoint(store.db, { url: base + path, events: ["charge.*"] }, ADMIN, OPEN);
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.created", subjectId: "p-1", data: { id: "p-1" } }]));
    await tick(new Date(), { allowPrivate: false, requireHttps: false });
    expect(received.filter((r) => r.path === path)).toHaveLength(0);
    const [delivery] = await listDeliveries(store.db, endpoint.id);
    expect(delivery).toMatchObject({ state: "pending", attempts: 1 });
    expect(delivery!.history[0]).toMatchObject({ status: null, error: "url refused: private_address" });
  });

  it("a name that resolves to a public address when checked and to this machine when dialled (DNS rebinding) is never dialled", async () => {
    const path = pathOf();
    const port = new URL(base).port;
    const endpoint = await createEndpoint(store.db, { url: `http://hooks.erp.example:${port}${path}`, events: ["charge.*"] }, ADMIN, OPEN);
    // The attacker's DNS: a public answer first (the check), 127.0.0.1 after (the connect).
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    const rebinding = async () => answers.shift() ?? ["127.0.0.1"];
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.created", subjectId: "r-1", data: { id: "r-1" } }]));
    await tick(new Date(), { allowPrivate: false, requireHttps: false }, rebinding);
    expect(received.filter((r) => r.path === path)).toHaveLength(0);
    const [delivery] = await listDeliveries(store.db, endpoint.id);
    expect(delivery!.history[0]).toMatchObject({ status: null, error: "url refused: private_address" });

    // The same name where private addresses are allowed (sandbox mode): dialled at the address the lookup gave.
    await tick(at(new Date(), RETRY_DELAYS_MS[0]! + 1_000), OPEN, async () => ["127.0.0.1"]);
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
  });

  it("rotating the secret answers a new one, and deliveries are signed with it from then on", async () => {
    const path = pathOf();
    const endpoint = await createEndpoint(store.db, { url: base + path, events: ["charge.*"] }, ADMIN, OPEN);
    const rotated = await updateEndpoint(store.db, endpoint.id, { rotate_secret: true }, ADMIN, OPEN);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    await store.db.transaction((tx) => emitEvents(tx, [{ type: "charge.created", subjectId: "r-1", data: { id: "r-1" } }]));
    await tick(new Date());
    const [got] = received.filter((r) => r.path === path);
    expect(() => new Webhook(rotated.secret!).verify(got!.body, got!.headers)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(got!.body, got!.headers)).toThrow();
  });
});
