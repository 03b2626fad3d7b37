import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { auditLog, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { brazilInstant } from "@/lib/pix/time";
import { insertRequests } from "@/lib/transfers/server/store";
import { MAKER, newIdempotentId, transferOf } from "@/lib/transfers/testing/fixtures";
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

const { GET, POST } = await import("./route");
const { PATCH } = await import("./[id]/route");
const { GET: TOTALS } = await import("../transfers/by-cost-centre/route");

const APP = "http://localhost:3000";
const ADMIN = { id: "u-admin", email: "admin@demo.test", name: "Adm", role: "admin" };
const OPERATOR = { id: "u-operator", email: "operator@demo.test", name: "Olivia", role: "operator" };
const VIEWER = { id: "u-viewer", email: "viewer@demo.test", name: "Vera", role: "viewer" };
const headers = { "content-type": "application/json", origin: APP, cookie: "NEXT_LOCALE=en" };

const create = (body: unknown) => POST(new Request(`${APP}/api/cost-centres`, { method: "POST", headers, body: JSON.stringify(body) }));
const list = (all = false) => GET(new Request(`${APP}/api/cost-centres${all ? "?all=true" : ""}`));
const change = (id: string, body: unknown) =>
  PATCH(new Request(`${APP}/api/cost-centres/${id}`, { method: "PATCH", headers, body: JSON.stringify(body) }), { params: Promise.resolve({ id }) });
const totals = (start: string, end: string) => TOTALS(new Request(`${APP}/api/transfers/by-cost-centre?start=${start}&end=${end}`, { headers: { cookie: "NEXT_LOCALE=en" } }));

type Centre = { id: string; code: string; name: string; active: boolean };
type Total = { cost_centre: { code: string } | null; count: number; total_cents: number };
let n = 0;
const code = (what: string) => `${what}-${Date.now().toString(36).slice(-4)}${++n}`.toUpperCase();

describe.each(TEST_ENGINES)("cost centres on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  beforeEach(() => {
    auth.user = ADMIN;
  });
  const newCentre = async (c: string, name = "Administrativo") => ((await (await create({ code: c, name })).json()) as { cost_centre: Centre }).cost_centre;

  it("admins create one (code upper case, unique whatever the case: 409 on the field), audited", async () => {
    const c = code("adm");
    const res = await create({ code: c.toLowerCase(), name: "Administrativo" });
    expect(res.status).toBe(201);
    const { cost_centre } = (await res.json()) as { cost_centre: Centre };
    expect(cost_centre).toMatchObject({ code: c, name: "Administrativo", active: true });
    const clash = await create({ code: c.toLowerCase(), name: "Outro" });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { fields: Record<string, string> }).fields.code).toContain(c);
    const bad = await create({ code: "has space", name: "" });
    expect(bad.status).toBe(422);
    expect(Object.keys(((await bad.json()) as { fields: Record<string, string> }).fields).sort()).toEqual(["code", "name"]);
    const [audit] = await store.db.select().from(auditLog).where(eq(auditLog.target, c));
    expect(audit).toMatchObject({ action: "cost_centre.create", actorEmail: ADMIN.email, outcome: "created" });
  });

  it("renamed and deactivated (audited as such): the form's list leaves it out, the admins' list keeps it", async () => {
    const c = code("mkt");
    const centre = await newCentre(c, "Marketing");
    expect((await change(centre.id, { name: "Marketing e vendas" })).status).toBe(200);
    const off = await change(centre.id, { active: false });
    expect(((await off.json()) as { cost_centre: Centre }).cost_centre).toMatchObject({ name: "Marketing e vendas", active: false });
    auth.user = OPERATOR;
    const active = (await (await list()).json()) as { cost_centres: Centre[] };
    expect(active.cost_centres.map((x) => x.code)).not.toContain(c);
    // An operator asking for all gets the ones in use: the inactive list is the admins'.
    expect(((await (await list(true)).json()) as { cost_centres: Centre[] }).cost_centres.map((x) => x.code)).not.toContain(c);
    auth.user = ADMIN;
    expect(((await (await list(true)).json()) as { cost_centres: Centre[] }).cost_centres.map((x) => x.code)).toContain(c);
    const audit = await store.db.select().from(auditLog).where(eq(auditLog.target, c));
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([
      ["cost_centre.create", "created"],
      ["cost_centre.update", "renamed"],
      ["cost_centre.update", "disabled"],
    ]);
    expect(audit[1]?.detail).toMatchObject({ name: { from: "Marketing", to: "Marketing e vendas" } });
  });

  it("only admins keep the list; operators and viewers read it", async () => {
    auth.user = OPERATOR;
    expect((await create({ code: code("op"), name: "X" })).status).toBe(403);
    expect((await list()).status).toBe(200);
    // Viewers read transfers with their cost centres: the list names them.
    auth.user = VIEWER;
    expect((await list()).status).toBe(200);
    expect((await create({ code: code("vw"), name: "Y" })).status).toBe(403);
  });

  it("totals per cost centre: only PAID transfers, by payment day in Brazil (both ends included), largest first, none last", async () => {
    const a = await newCentre(code("ti"), "Tecnologia");
    const b = await newCentre(code("rh"), "Pessoas");
    const paidAt = (day: string, time: string) => brazilInstant(day, time)!;
    const rows = await store.db.transaction((tx) =>
      insertRequests(
        tx,
        [
          [a.id, 10_000, "2030-03-01", "00:00", "paid"],
          [a.id, 5_000, "2030-03-31", "23:59", "paid"],
          [b.id, 20_000, "2030-03-15", "12:00", "paid"],
          [null, 700, "2030-03-10", "09:00", "paid"],
          [a.id, 99_999, "2030-03-10", "09:00", "registered"], // not paid
          [a.id, 88_888, "2030-02-28", "23:59", "paid"], // the day before
          [b.id, 77_777, "2030-04-01", "00:00", "paid"], // the day after (00:00 in Brazil)
        ].map(([centre, cents]) => ({
          transfer: transferOf(newIdempotentId("cc"), cents as number),
          maker: MAKER,
          submittedBy: MAKER,
          approvalsRequired: 0,
          expiresAt: null,
          costCentreId: centre as string | null,
        })),
        new Date(),
      ),
    );
    const plan = [
      ["2030-03-01", "00:00", "paid"],
      ["2030-03-31", "23:59", "paid"],
      ["2030-03-15", "12:00", "paid"],
      ["2030-03-10", "09:00", "paid"],
      ["2030-03-10", "09:00", "registered"],
      ["2030-02-28", "23:59", "paid"],
      ["2030-04-01", "00:00", "paid"],
    ] as const;
    for (const [i, row] of rows.entries()) {
      const [day, time, state] = plan[i]!;
      await store.db.update(transferRequests).set({ state, paymentDate: state === "paid" ? paidAt(day, time) : null }).where(eq(transferRequests.id, row.id));
    }
    auth.user = VIEWER; // finance reads the totals on the overview
    const res = await totals("2030-03-01", "2030-03-31");
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { totals: Total[] };
    expect(answer.totals.map((t) => [t.cost_centre?.code ?? null, t.count, t.total_cents])).toEqual([
      [b.code, 1, 20_000],
      [a.code, 2, 15_000],
      [null, 1, 700],
    ]);
    await store.db.delete(transferRequests).where(inArray(transferRequests.id, rows.map((r) => r.id)));
  });

  it("a period backwards, not a date or longer than a year is a 400 naming the field", async () => {
    for (const [start, end, field] of [
      ["2030-03-31", "2030-03-01", "end"],
      ["2030-02-30", "2030-03-01", "start"],
      ["2028-01-01", "2029-12-31", "end"],
    ]) {
      const res = await totals(start!, end!);
      expect(res.status, `${start}..${end}`).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(field!);
    }
  });
});
