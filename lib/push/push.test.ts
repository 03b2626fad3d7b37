import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { addPeople } from "@/lib/alerts/testing";
import { pushDeliveries, pushSubscriptions } from "@/lib/db/schema";
import { rowsOf } from "@/lib/db/raw";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { createEventBus, type EventBus } from "@/lib/events/bus";
import { createTransfer } from "@/lib/transfers/server/create";
import { DEFAULT_POLICY } from "@/lib/transfers/policy";
import { approveTransfer } from "@/lib/transfers/server/service";
import { startEngineHarness, type EngineHarness } from "@/lib/transfers/testing/harness";
import { transferOf } from "@/lib/transfers/testing/fixtures";
import { startPushQueue } from "./runtime";
import { webPushSender } from "./send";
import { savePushSubscription } from "./store";
import { decryptPush, startTestPushService, testBrowser, vapidOf, type TestBrowser, type TestPushService } from "./testing";
import { newVapidKeys } from "./vapid-keys";
import { pushForChange } from "./work";

/**
 * Web Push end to end: a transfer that needs approval reaches the approvers' devices through the
 * queue, web-push's encryption and a push service on this machine; the test is the browser, and
 * decrypts what arrived with the subscription's own keys.
 */
const APP_URL = "https://backoffice.example";
const VAPID = { ...newVapidKeys(), subject: "mailto:security@empresa.example" };
const MAKER = { id: "u-maker", email: "operator@empresa.example", role: "operator" as const };
const APPROVER = { id: "u-approver", email: "approver@empresa.example", role: "approver" as const, locale: "pt-BR" as const };
const APPROVER_2 = { id: "u-approver-2", email: "approver2@empresa.example", role: "approver" as const, locale: "en" as const };
const VIEWER = { id: "u-viewer", email: "viewer@empresa.example", role: "viewer" as const };

type Payload = { kind: string; tag: string; title: string; body: string; url: string; amount: string; receiver: string | null; maker: string };

let service: TestPushService;
beforeAll(async () => {
  service = await startTestPushService();
});
afterAll(async () => {
  await service?.close();
});
afterEach(() => {
  service.received.length = 0;
  service.status = 201;
});

describe.each(TEST_ENGINES)("Web Push to approvers, on $name", (engine) => {
  let h: EngineHarness;
  let bus: EventBus;
  const browsers = new Map<string, TestBrowser>();
  const work = () => ({ db: h.store.db, send: webPushSender(VAPID), appUrl: APP_URL });
  /** A device of this person subscribed at `${service.url}/<name>`. */
  const subscribe = async (userId: string, name: string) => {
    const browser = testBrowser();
    browsers.set(`/${name}`, browser);
    await savePushSubscription(h.store.db, userId, { endpoint: `${service.url}/${name}`, keys: browser.keys }, "Mozilla/5.0 (Linux; Android 14) Chrome/140");
  };
  const opened = (path: string): Payload => {
    const got = service.received.find((r) => r.path === path);
    if (!got) throw new Error(`nothing pushed to ${path}`);
    return JSON.parse(decryptPush(got.body, browsers.get(path)!)) as Payload;
  };
  const newRequest = async (what: string, cents: number) =>
    (
      await createTransfer(h.store.db, null, {
        transfer: transferOf(`push-${what}-${engine.name}-${Date.now().toString(36)}`, cents, { receiver_name: "Fornecedora Alfa Ltda", receiver_document: "11.222.333/0001-81" }),
        maker: MAKER,
        policy: DEFAULT_POLICY,
      })
    ).transfer;

  beforeAll(async () => {
    h = await startEngineHarness(engine);
    bus = await createEventBus({ db: h.store.db, pglite: h.store.pglite, databaseUrl: "url" in h.store.location ? h.store.location.url : undefined });
    await addPeople(h.store.db, [MAKER, APPROVER, APPROVER_2, VIEWER]);
    await subscribe(APPROVER.id, "approver-phone");
    await subscribe(APPROVER_2.id, "approver2-phone");
    await subscribe(MAKER.id, "maker-phone");
    await subscribe(VIEWER.id, "viewer-phone");
  });
  afterAll(async () => {
    await bus?.close();
    await h?.close();
  });

  it("a R$ 2.500,00 request awaiting approval: one encrypted push to each approver's device through the queue, read with the device's keys; none to the maker or a viewer", async () => {
    const queue = await startPushQueue(h.queue.boss, work(), 0.5);
    const unsubscribe = bus.subscribeTransfers((change) => void queue.noteChange(change));
    try {
      const transfer = await newRequest("waits", 250_000);
      expect(transfer.state).toBe("awaiting_approval");
      await expect.poll(() => service.received.length, { timeout: 20_000 }).toBe(2);
      expect(service.received.map((r) => r.path).sort()).toEqual(["/approver-phone", "/approver2-phone"]);

      const pt = opened("/approver-phone");
      expect(pt).toMatchObject({ kind: "awaiting", tag: `transfer:${transfer.id}`, amount: "R$\u00a02.500,00", url: `${APP_URL}/transfers/${transfer.id}`, receiver: "Fornecedora Alfa Ltda", maker: MAKER.email });
      expect(pt.title).toBe("Aprovação pendente: R$\u00a02.500,00");
      expect(opened("/approver2-phone").title).toBe("Approval needed: R$\u00a02.500,00");
      // Nothing more than the note says: no document, no Pix key, no description.
      expect(JSON.stringify(pt)).not.toMatch(/11\.?222|0001|pix_key|description/);

      const push = service.received[0]!;
      expect(push.headers["content-encoding"]).toBe("aes128gcm");
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      const vapid = vapidOf(push.headers);
      expect(vapid?.key).toBe(VAPID.publicKey);
      expect(vapid?.claims).toMatchObject({ aud: service.url, sub: VAPID.subject });

      // Heard again (another instance, the job tried again): nothing is sent twice.
      expect(await pushForChange(work(), { kind: "transfer", id: transfer.id })).toMatchObject({ sent: 0, failed: 0 });
      expect(service.received).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });

  it("a request made with no approval to wait for queues no push job; one made waiting does, and so does the later decision on it", async () => {
    const queue = await startPushQueue(h.queue.boss, work(), 0.5);
    const unsubscribe = bus.subscribeTransfers((change) => void queue.noteChange(change));
    const jobsFor = async (id: string) =>
      rowsOf<{ n: number }>(await h.store.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'push-subject' and singleton_key = ${`transfer:${id}`}`))[0]!.n;
    try {
      const { transfer: straight } = await createTransfer(h.store.db, null, {
        transfer: transferOf(`push-straight-${engine.name}-${Date.now().toString(36)}`, 20_000, { receiver_document: "529.982.247-25", pix_key: "straight@example.com" }),
        maker: MAKER,
        policy: DEFAULT_POLICY,
      });
      expect(straight.state).toBe("approved");
      const waits = await newRequest("waits-job", 250_000);
      // Announcements arrive in commit order: once the second one's job is in, the first was heard.
      await expect.poll(() => jobsFor(waits.id), { timeout: 20_000 }).toBe(1);
      expect(await jobsFor(straight.id)).toBe(0);
      await expect.poll(() => service.received.length, { timeout: 20_000 }).toBe(2);
      service.received.length = 0;
      await approveTransfer(h.store.db, waits.id, APPROVER);
      // The decision replaces the notification on both approvers' devices.
      await expect.poll(() => service.received.map((r) => r.path).sort(), { timeout: 20_000 }).toEqual(["/approver-phone", "/approver2-phone"]);
      expect(opened("/approver2-phone")).toMatchObject({ kind: "decided", tag: `transfer:${waits.id}` });
    } finally {
      unsubscribe();
    }
  });

  it("approved by one of two approvers: the other's notification is replaced by a 'decided' push with the same tag; the approver's own device too", async () => {
    const transfer = await newRequest("decided", 150_000);
    await pushForChange(work(), { kind: "transfer", id: transfer.id });
    expect(service.received).toHaveLength(2);
    service.received.length = 0;
    await approveTransfer(h.store.db, transfer.id, APPROVER);
    expect(await pushForChange(work(), { kind: "transfer", id: transfer.id })).toMatchObject({ sent: 2 });
    const other = opened("/approver2-phone");
    expect(other).toMatchObject({ kind: "decided", tag: `transfer:${transfer.id}`, url: `${APP_URL}/transfers/${transfer.id}` });
    expect(other.body).toBe(`Approved by ${APPROVER.email}.`);
    expect(await pushForChange(work(), { kind: "transfer", id: transfer.id })).toMatchObject({ sent: 0 });
  });

  it("two approvals needed, one given: only the approver who has not approved is told, once", async () => {
    const transfer = await newRequest("second", 1_500_000);
    expect(transfer.approvalsRequired).toBe(2);
    await approveTransfer(h.store.db, transfer.id, APPROVER);
    await pushForChange(work(), { kind: "transfer", id: transfer.id });
    expect(service.received.map((r) => r.path)).toEqual(["/approver2-phone"]);
  });

  it("a monthly series of 3 waits: ONE push per device for the series (not one per occurrence), however many of its rows are heard", async () => {
    const now = new Date("2030-03-10T12:00:00Z");
    const { transfer, series } = await createTransfer(h.store.db, null, {
      transfer: transferOf(`push-series-${engine.name}-${Date.now().toString(36)}`, 40_000, { receiver_name: "Aluguel Sala 12" }),
      maker: MAKER,
      policy: DEFAULT_POLICY,
      now,
      payable: { scheduledFor: "2030-03-20", recurrence: { every: "month", count: 3 } },
    });
    expect(series).toHaveLength(3);
    expect(transfer.state).toBe("awaiting_approval");
    for (const row of series!) await pushForChange(work(), { kind: "transfer", id: row.id }, now);
    expect(service.received.map((r) => r.path).sort()).toEqual(["/approver-phone", "/approver2-phone"]);
    expect(opened("/approver-phone")).toMatchObject({ tag: `series:${transfer.seriesId}`, title: "Série aguarda aprovação: 3 × R$\u00a0400,00", url: `${APP_URL}/transfers/${series![0]!.id}` });
  });

  it("a push service answering 410: the subscription is removed and never used again; a 500 leaves the push due for the next try", async () => {
    const transfer = await newRequest("gone", 300_000);
    service.status = 500;
    expect(await pushForChange(work(), { kind: "transfer", id: transfer.id })).toMatchObject({ sent: 0, failed: 2 });
    service.status = 410;
    expect(await pushForChange(work(), { kind: "transfer", id: transfer.id })).toMatchObject({ sent: 0, gone: 2 });
    const left = await h.store.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, `${service.url}/approver-phone`));
    expect(left).toEqual([]);
    expect(await h.store.db.select().from(pushDeliveries).where(eq(pushDeliveries.subject, `transfer:${transfer.id}`))).toEqual([]);
    service.received.length = 0;
    service.status = 201;
    expect(await pushForChange(work(), { kind: "transfer", id: (await newRequest("after", 300_000)).id })).toMatchObject({ sent: 0 });
    expect(service.received).toEqual([]);
  });
});
