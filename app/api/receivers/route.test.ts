import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditStoreDown, auditStoreUp } from "@/lib/auth/test-auth";
import { setStoreForTests } from "@/lib/db";
import { auditLog, receivers } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";
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
const { PATCH, DELETE } = await import("./[id]/route");

const APP = "http://localhost:3000";
const OPERATOR = { id: "u-operator", email: "operator@demo.test", name: "Olivia", role: "operator" };
const APPROVER = { id: "u-approver", email: "approver@demo.test", name: "Ana", role: "approver" };
const VIEWER = { id: "u-viewer", email: "viewer@demo.test", name: "Vera", role: "viewer" };
const OPERATOR_2 = { id: "u-operator-2", email: "operator2@demo.test", name: "Otto", role: "operator" };
const ADMIN = { id: "u-admin", email: "admin@demo.test", name: "Alice", role: "admin" };
const headers = { "content-type": "application/json", origin: APP, cookie: "NEXT_LOCALE=en" };

const post = (body: unknown) => POST(new Request(`${APP}/api/receivers`, { method: "POST", headers, body: JSON.stringify(body) }));
const list = (q = "") => GET(new Request(`${APP}/api/receivers${q ? `?q=${encodeURIComponent(q)}` : ""}`, { headers: { cookie: "NEXT_LOCALE=en" } }));
const patch = (id: string, body: unknown) =>
  PATCH(new Request(`${APP}/api/receivers/${id}`, { method: "PATCH", headers, body: JSON.stringify(body) }), { params: Promise.resolve({ id }) });
const remove = (id: string) => DELETE(new Request(`${APP}/api/receivers/${id}`, { method: "DELETE", headers }), { params: Promise.resolve({ id }) });

type Answer = { receiver: { id: string; nickname: string; receiver_name: string; receiver_document: string; pix_key: string | null; bank: unknown } };
type Refusal = { error: string; fields?: Record<string, string> };

let n = 0;
const unique = (what: string) => `${what} ${Date.now().toString(36)}${++n}`;
const byKey = (nickname: string, o: Record<string, unknown> = {}) => ({
  nickname,
  receiver_name: "João da Silva",
  receiver_document: "390.533.447-05",
  initiation_type: "dict",
  pix_key_type: "phone",
  pix_key: "(11) 91234-5678",
  ...o,
});

describe.each(TEST_ENGINES)("saved receivers on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    await seedTestPeople(store.db, [OPERATOR, APPROVER, VIEWER, OPERATOR_2, ADMIN]);
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  beforeEach(() => {
    auth.user = OPERATOR;
  });
  const stored = (nickname: string) => store.db.select().from(receivers).where(eq(receivers.nickname, nickname));

  it("a bad CPF is refused (422) naming the field, in the caller's language; nothing is saved", async () => {
    const nickname = unique("Bad CPF");
    const res = await post(byKey(nickname, { receiver_document: "111.111.111-11" }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as Refusal;
    expect(body.fields).toHaveProperty("receiver_document");
    expect(body.fields?.receiver_document).toMatch(/CPF|CNPJ/);
    expect(await stored(nickname)).toHaveLength(0);
  });

  it("the form's own rules: a key of another type, bank fields missing; only the chosen way's fields are kept", async () => {
    const wrongKey = await post(byKey(unique("Key"), { pix_key_type: "email", pix_key: "not-an-email" }));
    expect(wrongKey.status).toBe(422);
    expect(((await wrongKey.json()) as Refusal).fields).toHaveProperty("pix_key");
    const noAccount = await post(byKey(unique("Bank"), { initiation_type: "manual", receiver_bank_ispb: "60701190", receiver_agency: "0001" }));
    expect(noAccount.status).toBe(422);
    expect(((await noAccount.json()) as Refusal).fields).toHaveProperty("receiver_account");
    const ok = await post(
      byKey(unique("Bank"), { initiation_type: "manual", receiver_bank_ispb: "60701190", receiver_agency: "0001", receiver_account: "123456", receiver_account_type: "CACC" }),
    );
    expect(ok.status).toBe(201);
    const { receiver } = (await ok.json()) as Answer;
    expect(receiver).toMatchObject({ pix_key: null, bank: { ispb: "60701190", agency: "0001", account: "123456", account_type: "CACC" } });
  });

  it("saves a receiver (201, document without punctuation, phone key normalised) and lists it; audited with who did it", async () => {
    const nickname = unique("Fornecedor Alfa");
    const res = await post(byKey(nickname));
    expect(res.status).toBe(201);
    const { receiver } = (await res.json()) as Answer;
    expect(receiver).toMatchObject({ nickname, receiver_document: "39053344705", pix_key: "+5511912345678" });
    const all = (await (await list()).json()) as { receivers: Array<{ id: string }> };
    expect(all.receivers.map((r) => r.id)).toContain(receiver.id);
    const [audit] = await store.db.select().from(auditLog).where(eq(auditLog.target, receiver.id));
    expect(audit).toMatchObject({ action: "receiver.create", actorEmail: OPERATOR.email, outcome: "created" });
    expect(audit?.detail).toMatchObject({ nickname, receiver_document: "39053344705" });
  });

  it("nicknames are unique among active receivers, accents, case and spaces aside (409 on the field); a deleted one frees its nickname", async () => {
    const base = unique("Aluguel Sede");
    const first = (await (await post(byKey(base))).json()) as Answer;
    const clash = await post(byKey(`  ${base.toUpperCase().replace("E", "É")}  `, { receiver_document: "86288366757" }));
    expect(clash.status).toBe(409);
    const refusal = (await clash.json()) as Refusal;
    expect(refusal.fields?.nickname).toContain(base);
    expect((await remove(first.receiver.id)).status).toBe(200);
    expect((await post(byKey(base.toLowerCase()))).status).toBe(201);
  });

  it("search ignores accents and case, and finds a CPF by its digits however typed", async () => {
    const nickname = unique("Padaria São José");
    const { receiver } = (await (await post(byKey(nickname, { receiver_name: "Padaria Pão Quente Ltda", receiver_document: "86288366757" }))).json()) as Answer;
    for (const q of ["padaria sao jose", "PÃO QUENTE", "pao", "862.883", "86288366757"]) {
      const found = (await (await list(q)).json()) as { receivers: Array<{ id: string }> };
      expect(found.receivers.map((r) => r.id), q).toContain(receiver.id);
    }
    const none = (await (await list("padaria inexistente xyz")).json()) as { receivers: unknown[] };
    expect(none.receivers).toEqual([]);
  });

  it("a change is checked whole with the stored fields (key type changed without its key: 422); a nickname taken: 409; audited with before and after", async () => {
    const { receiver } = (await (await post(byKey(unique("Change me")))).json()) as Answer;
    const badKey = await patch(receiver.id, { pix_key_type: "email" });
    expect(badKey.status).toBe(422);
    expect(((await badKey.json()) as Refusal).fields).toHaveProperty("pix_key");
    const other = unique("Taken");
    await post(byKey(other));
    expect((await patch(receiver.id, { nickname: other.toLowerCase() })).status).toBe(409);
    const renamed = unique("Renamed");
    const ok = await patch(receiver.id, { nickname: renamed, pix_key_type: "email", pix_key: "Financeiro@Example.com" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Answer).receiver).toMatchObject({ nickname: renamed, pix_key: "financeiro@example.com" });
    const audit = await store.db.select().from(auditLog).where(eq(auditLog.target, receiver.id));
    // The refused attempts are audited too; the change is the one that changed something.
    expect(audit.filter((a) => a.action === "receiver.update" && a.outcome === "refused").length).toBeGreaterThan(0);
    const update = audit.find((a) => a.action === "receiver.update" && a.outcome === "changed");
    expect(update?.detail).toMatchObject({ nickname: renamed, changed: { pix_key_type: { from: "phone", to: "email" } }, destination_changed: true });
  });

  it("deleted: gone from lists, not changeable again (404); the delete is audited", async () => {
    const { receiver } = (await (await post(byKey(unique("Delete me")))).json()) as Answer;
    expect((await remove(receiver.id)).status).toBe(200);
    const all = (await (await list()).json()) as { receivers: Array<{ id: string }> };
    expect(all.receivers.map((r) => r.id)).not.toContain(receiver.id);
    expect((await patch(receiver.id, { nickname: unique("Again") })).status).toBe(404);
    expect((await remove(receiver.id)).status).toBe(404);
    const actions = (await store.db.select().from(auditLog).where(eq(auditLog.target, receiver.id))).map((a) => a.action);
    expect(actions).toEqual(["receiver.create", "receiver.delete"]);
  });

  it("no audit row, no change: when the audit log cannot be written nothing is saved (503)", async () => {
    const nickname = unique("No audit");
    await auditStoreDown(store.db);
    try {
      expect((await post(byKey(nickname))).status).toBe(503);
    } finally {
      await auditStoreUp(store.db);
    }
    expect(await stored(nickname)).toHaveLength(0);
  });

  it("approvers and viewers read them, only makers change them", async () => {
    auth.user = APPROVER;
    expect((await list()).status).toBe(200);
    expect((await post(byKey(unique("Approver")))).status).toBe(403);
    // Finance reads saved receivers with the transfers, and changes none.
    auth.user = VIEWER;
    expect((await list()).status).toBe(200);
    expect((await post(byKey(unique("Approver")))).status).toBe(403);
    expect(await store.db.select().from(receivers).where(like(receivers.nickname, "Approver%"))).toHaveLength(0);
  });

  it("another maker cannot re-point someone else's saved receiver to a new key, nor delete it (403, audited); its creator or an admin may, and the change of key is dated", async () => {
    auth.user = OPERATOR;
    const created = ((await (await post(byKey(unique("Fornecedor de Olivia")))).json()) as Answer).receiver;
    auth.user = OPERATOR_2;
    const hijack = await patch(created.id, { pix_key_type: "email", pix_key: "otto@example.com" });
    expect(hijack.status).toBe(403);
    expect(((await hijack.json()) as Refusal).error).toMatch(/only the person who saved/i);
    expect((await remove(created.id)).status).toBe(403);
    const refusals = await store.db.select().from(auditLog).where(eq(auditLog.target, created.id));
    expect(refusals.filter((a) => a.outcome === "refused").map((a) => [a.action, a.actorId])).toEqual([
      ["receiver.update", OPERATOR_2.id],
      ["receiver.delete", OPERATOR_2.id],
    ]);
    const [unchanged] = await store.db.select().from(receivers).where(eq(receivers.id, created.id));
    expect(unchanged).toMatchObject({ pixKey: "+5511912345678", destinationChangedAt: null });

    auth.user = ADMIN;
    expect((await patch(created.id, { pix_key_type: "email", pix_key: "novo@example.com" })).status).toBe(200);
    const [moved] = await store.db.select().from(receivers).where(eq(receivers.id, created.id));
    expect(moved).toMatchObject({ pixKey: "novo@example.com", destinationChangedByEmail: ADMIN.email });
    expect(moved!.destinationChangedAt).toBeInstanceOf(Date);
    // A nickname alone is no change of where the money goes.
    auth.user = OPERATOR;
    expect((await patch(created.id, { nickname: unique("Renomeado") })).status).toBe(200);
    const [renamed] = await store.db.select().from(receivers).where(eq(receivers.id, created.id));
    expect(renamed!.destinationChangedAt).toEqual(moved!.destinationChangedAt);
  });

  it("a nickname or a name that could deceive (a direction control, a line break) is refused: 422 on the field", async () => {
    auth.user = OPERATOR;
    for (const body of [byKey(`${unique("Aluguel")} \u202Egnp.exe\u202C`), byKey(unique("Fornecedor"), { receiver_name: "Bidi\nLtda" })]) {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(Object.values(((await res.json()) as Refusal).fields ?? {}).join(" ")).toMatch(/line breaks|direction/i);
    }
  });
});
