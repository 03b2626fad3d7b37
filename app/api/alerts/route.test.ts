import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { alerts, auditLog } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string; role: string } }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_request: Request, permission: string) => {
      const user = auth.user;
      if (!user) return { response: guardRefusal(401, "sign in") };
      return can(user.role as never, permission as never) ? { user } : { response: guardRefusal(403, "forbidden") };
    }),
  };
});

const { GET } = await import("./route");
const { GET: BELL } = await import("./bell/route");
const { POST: SEEN } = await import("./seen/route");
const { POST: ACK } = await import("./[id]/acknowledge/route");
const { POST: RESOLVE } = await import("./[id]/resolve/route");
const SETTINGS = await import("../settings/alerts/route");
const MINE = await import("../me/notifications/route");

/**
 * The alerts API as each role meets it: who sees which alerts, taking one on and resolving it
 * with a note (audited), the bell's count, the rules admins change, a person's e-mail choices;
 * what a client sends wrong is a 4xx in their language and changes nothing.
 */
const APP = "http://localhost:3000";
const ADMIN = { id: "u-admin", email: "admin@demo.test", name: "Ada", role: "admin" };
const SUPPORT = { id: "u-support", email: "support@demo.test", name: "Sol", role: "support" };
const OPERATOR = { id: "u-operator", email: "operator@demo.test", name: "Olivia", role: "operator" };
const OTHER_OPERATOR = { id: "u-operator-2", email: "operator2@demo.test", name: "Otto", role: "operator" };
const APPROVER = { id: "u-approver", email: "approver@demo.test", name: "Ari", role: "approver" };

const json = (method: string, path: string, body?: unknown, lang = "en") =>
  new Request(`${APP}${path}`, {
    method,
    headers: { "content-type": "application/json", origin: APP, cookie: `NEXT_LOCALE=${lang}` },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
const withId = (id: string | number) => ({ params: Promise.resolve({ id: String(id) }) });
const list = async (state = "open") => (await (await GET(json("GET", `/api/alerts?state=${state}`))).json()) as { alerts: Array<{ id: number; state: string; rule: string }>; meta: { total: number } };

describe.each(TEST_ENGINES)("alerts API on $name", (engine) => {
  let store: TestStore;
  let mine = 0;
  let theirs = 0;
  let global = 0;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
    const rows = await store.db
      .insert(alerts)
      .values([
        { rule: "transfer_not_paid", key: "transfer_not_paid:transfer:t-1:refused", subjectType: "transfer", subjectId: "t-1", ownerId: OPERATOR.id, facts: { reason: "refused", value_cents: 12_345, receiver_name: "Ana" } },
        { rule: "transfer_not_paid", key: "transfer_not_paid:transfer:t-2:failed", subjectType: "transfer", subjectId: "t-2", ownerId: OTHER_OPERATOR.id, facts: { reason: "failed", value_cents: 500, receiver_name: "Bia" } },
        { rule: "balance_low", key: "balance_low:account:provider", subjectType: "account", subjectId: "provider", ownerId: null, facts: { balance_cents: 100, threshold: 1_000_000 } },
      ])
      .returning();
    [mine, theirs, global] = rows.map((r) => r.id) as [number, number, number];
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  it("admins, support and approvers see every alert; an operator only those about their own transfers", async () => {
    auth.user = ADMIN;
    expect((await list()).alerts.map((a) => a.id).sort()).toEqual([mine, theirs, global].sort());
    auth.user = SUPPORT;
    expect((await list()).meta.total).toBe(3);
    auth.user = OPERATOR;
    expect((await list()).alerts.map((a) => a.id)).toEqual([mine]);
    const bell = (await (await BELL(json("GET", "/api/alerts/bell"))).json()) as { unread: number; newest_id: number };
    expect(bell).toMatchObject({ unread: 1, newest_id: mine });
    // Approvers open /alerts: a refused payment or a balance alert is theirs to know.
    auth.user = APPROVER;
    expect((await list()).meta.total).toBe(3);
  });

  it("another operator's alert is not found (404), and nothing changes", async () => {
    auth.user = OPERATOR;
    const res = await ACK(json("POST", `/api/alerts/${theirs}/acknowledge`, { note: "vi" }), withId(theirs));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Alert not found." });
    expect((await store.db.select().from(alerts).where(eq(alerts.id, theirs)))[0]?.state).toBe("open");
  });

  it("taking on and resolving need a note, in the caller's language; both are audited with it", async () => {
    auth.user = OPERATOR;
    const empty = await ACK(json("POST", `/api/alerts/${mine}/acknowledge`, { note: "  " }, "pt-BR"), withId(mine));
    expect(empty.status).toBe(422);
    expect(await empty.json()).toMatchObject({ fields: { note: "Escreva uma nota." } });
    expect((await ACK(json("POST", "/api/alerts/abc/acknowledge", { note: "x" }), withId("abc"))).status).toBe(400);
    expect((await ACK(json("POST", `/api/alerts/${mine}/acknowledge`, "{not json"), withId(mine))).status).toBe(400);

    const ack = await ACK(json("POST", `/api/alerts/${mine}/acknowledge`, { note: "Falei com o recebedor" }), withId(mine));
    expect(ack.status).toBe(200);
    expect(await ack.json()).toMatchObject({ alert: { id: mine, state: "acknowledged", acknowledged: { by: OPERATOR.email, note: "Falei com o recebedor" } } });
    expect((await ACK(json("POST", `/api/alerts/${mine}/acknowledge`, { note: "again" }), withId(mine))).status).toBe(409);

    const done = await RESOLVE(json("POST", `/api/alerts/${mine}/resolve`, { note: "Nova transferência criada" }), withId(mine));
    expect(await done.json()).toMatchObject({ alert: { state: "resolved", resolved: { by: OPERATOR.email, note: "Nova transferência criada" } } });
    expect((await RESOLVE(json("POST", `/api/alerts/${mine}/resolve`, { note: "x" }), withId(mine))).status).toBe(409);
    expect((await list("resolved")).alerts.map((a) => a.id)).toEqual([mine]);

    const audit = await store.db.select().from(auditLog).where(eq(auditLog.target, `alert:${mine}`));
    expect(audit.map((a) => [a.action, a.actorId, (a.detail as { note: string }).note])).toEqual([
      ["alert.acknowledge", OPERATOR.id, "Falei com o recebedor"],
      ["alert.resolve", OPERATOR.id, "Nova transferência criada"],
    ]);
  });

  it("the bell counts what is newer than what the person saw", async () => {
    auth.user = ADMIN;
    const before = (await (await BELL(json("GET", "/api/alerts/bell"))).json()) as { unread: number; newest_id: number };
    expect(before.unread).toBe(2);
    expect((await SEEN(json("POST", "/api/alerts/seen", { up_to: before.newest_id }))).status).toBe(200);
    expect(await (await BELL(json("GET", "/api/alerts/bell"))).json()).toMatchObject({ unread: 0 });
    // It never moves back.
    await SEEN(json("POST", "/api/alerts/seen", { up_to: 0 }));
    expect(await (await BELL(json("GET", "/api/alerts/bell"))).json()).toMatchObject({ unread: 0 });
    expect((await SEEN(json("POST", "/api/alerts/seen", { up_to: -1 }))).status).toBe(422);
  });

  it("admins change rules (audited with what changed); out-of-range thresholds are refused and change nothing; others may not", async () => {
    auth.user = ADMIN;
    const shown = (await (await SETTINGS.GET(json("GET", "/api/settings/alerts"))).json()) as { rules: Array<{ rule: string; enabled: boolean; threshold: number | null }>; channels: unknown };
    expect(shown.rules.find((r) => r.rule === "transfer_not_final")).toMatchObject({ enabled: true, threshold: 30 });
    expect(shown.channels).toEqual({ email: "off", webhook: "off" });
    const bad = await SETTINGS.PUT(json("PUT", "/api/settings/alerts", { rules: [{ rule: "failure_spike", enabled: true, threshold: 0 }, { rule: "balance_short", enabled: true, threshold: 5 }] }));
    expect(bad.status).toBe(422);
    expect((await bad.json()) as { fields: Record<string, string> }).toMatchObject({ fields: { "rules.0.threshold": "Threshold outside what this rule allows.", "rules.1.threshold": "This rule has no threshold." } });

    const res = await SETTINGS.PUT(json("PUT", "/api/settings/alerts", { rules: [{ rule: "failure_spike", enabled: true, threshold: 12 }, { rule: "balance_low", enabled: false, threshold: 1_000_000 }] }));
    expect(res.status).toBe(200);
    const after = (await res.json()) as typeof shown;
    expect(after.rules.find((r) => r.rule === "failure_spike")).toMatchObject({ threshold: 12, enabled: true });
    expect(after.rules.find((r) => r.rule === "balance_low")).toMatchObject({ enabled: false });
    const audit = await store.db.select().from(auditLog).where(eq(auditLog.action, "alert.rules_change"));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ changes: [{ rule: "failure_spike", from: { threshold: 5 }, to: { threshold: 12 } }, { rule: "balance_low", from: { enabled: true }, to: { enabled: false } }] });

    auth.user = SUPPORT;
    expect((await SETTINGS.PUT(json("PUT", "/api/settings/alerts", { rules: [{ rule: "failure_spike", enabled: false, threshold: 12 }] }))).status).toBe(403);
  });

  it("each person chooses their e-mails among those their role may get", async () => {
    auth.user = OPERATOR;
    const first = (await (await MINE.GET(json("GET", "/api/me/notifications"))).json()) as { kinds: Array<{ kind: string; enabled: boolean }> };
    expect(first.kinds).toEqual([
      { kind: "approved", enabled: true },
      { kind: "rejected", enabled: true },
      { kind: "paid", enabled: true },
      { kind: "provider_canceled", enabled: true },
    ]);
    const saved = (await (await MINE.PUT(json("PUT", "/api/me/notifications", { kinds: { paid: false } }))).json()) as typeof first;
    expect(saved.kinds.find((k) => k.kind === "paid")).toEqual({ kind: "paid", enabled: false });
    expect((await MINE.PUT(json("PUT", "/api/me/notifications", { kinds: { everything: false } }))).status).toBe(422);
    auth.user = APPROVER;
    const approver = (await (await MINE.GET(json("GET", "/api/me/notifications"))).json()) as typeof first;
    expect(approver.kinds.map((k) => k.kind)).toEqual(["awaiting_approval"]);
  });
});
