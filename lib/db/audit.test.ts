import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditStoreDown, auditStoreUp } from "@/lib/auth/test-auth";
import { AuditUnavailableError, isAuditUnavailableError, listAudit, recordAudit } from "./audit";
import { parseAuditQuery, parseAuditQueryLeniently } from "@/lib/audit/filters";
import type { Db } from "./client";
import { auditLog } from "./schema/audit";
import { rowsOf, TEST_ENGINES, type TestStore } from "./test-engines";

/** The database's own words when a statement fails (Drizzle wraps them as `cause`). */
async function failure(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ""}`;
  }
  return "(no error)";
}

const admin = { id: "u-admin", email: "Admin@Demo.test" };
const operator = { id: "u-op", email: "operator@demo.test" };

describe.each(TEST_ENGINES)("audit log on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    await recordAudit({ actor: admin, action: "auth.sign_in", outcome: "success", ip: "10.0.0.1" }, store.db);
    await recordAudit(
      {
        actor: operator,
        action: "payment.register",
        target: "idem-1",
        outcome: "success",
        detail: { amount_cents: 12_345, receiver: "Maria", big: 10n },
      },
      store.db,
    );
    await recordAudit(
      { actor: operator, action: "payment.register", target: "idem-2", outcome: "refused", detail: { reason: "insufficient funds" } },
      store.db,
    );
    await recordAudit({ action: "auth.sign_in_failed", outcome: "invalid_credentials", detail: { email: "x@y.z" } }, store.db);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("lands every entry with who, what, outcome and detail", async () => {
    const page = await listAudit({}, store.db);
    expect(page.total).toBe(4);
    const register = page.entries.find((e) => e.target === "idem-1");
    expect(register).toMatchObject({
      actorId: "u-op",
      actorEmail: "operator@demo.test",
      action: "payment.register",
      outcome: "success",
      detail: { amount_cents: 12_345, receiver: "Maria", big: "10" },
    });
    expect(Date.parse(register?.at ?? "")).not.toBeNaN();
    expect(page.entries.find((e) => e.action === "auth.sign_in")?.actorEmail).toBe("admin@demo.test");
  });

  it("refuses UPDATE, DELETE and TRUNCATE at the database level", async () => {
    expect(await failure(store.db.update(auditLog).set({ outcome: "tampered" }))).toMatch(/append-only: UPDATE/);
    expect(await failure(store.db.delete(auditLog))).toMatch(/append-only: DELETE/);
    expect(await failure(store.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
    const outcomes = rowsOf<{ outcome: string }>(await store.db.execute(sql`select outcome from audit_log`));
    expect(outcomes.map((r) => r.outcome)).not.toContain("tampered");
    expect(outcomes).toHaveLength(4);
  });

  it("filters by action, actor, outcome and date, newest first, with the total count", async () => {
    const byAction = await listAudit({ action: "payment.register" }, store.db);
    expect(byAction.total).toBe(2);
    expect(byAction.entries.map((e) => e.target)).toEqual(["idem-2", "idem-1"]);

    const byActor = await listAudit({ actor: "OPERATOR@" }, store.db);
    expect(byActor.total).toBe(2);
    const likeIsLiteral = await listAudit({ actor: "%" }, store.db);
    expect(likeIsLiteral.total).toBe(0);

    const byOutcome = await listAudit({ outcome: "refused" }, store.db);
    expect(byOutcome.entries.map((e) => e.target)).toEqual(["idem-2"]);

    const future = await listAudit({ from: new Date(Date.now() + 86_400_000) }, store.db);
    expect(future.total).toBe(0);
    const past = await listAudit({ to: new Date(Date.now() - 86_400_000) }, store.db);
    expect(past.total).toBe(0);
    const today = await listAudit({ from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 3_600_000) }, store.db);
    expect(today.total).toBe(4);
  });

  it("paginates", async () => {
    const first = await listAudit({ page: 1, pageSize: 3 }, store.db);
    const second = await listAudit({ page: 2, pageSize: 3 }, store.db);
    expect(first).toMatchObject({ total: 4, pageCount: 2, page: 1 });
    expect(first.entries).toHaveLength(3);
    expect(second.entries).toHaveLength(1);
    const ids = [...first.entries, ...second.entries].map((e) => e.id);
    expect(new Set(ids).size).toBe(4);
  });
});

describe("recordAudit when the store fails", () => {
  it("throws AuditUnavailableError (the action must not happen) and logs the cause", async () => {
    const failing = {
      insert: () => ({ values: () => Promise.reject(new Error("disk full")) }),
    } as unknown as Db;
    const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const thrown = await recordAudit({ action: "payment.export", outcome: "success" }, failing).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AuditUnavailableError);
    expect(isAuditUnavailableError(thrown)).toBe(true);
    expect((thrown as AuditUnavailableError).action).toBe("payment.export");
    const logged = spy.mock.calls.map((call) => String(call[0])).join("");
    expect(logged).toContain("audit: could not record payment.export (success)");
    expect(logged).toContain("disk full");
    spy.mockRestore();
  });
});

describe.each(TEST_ENGINES)("audit log fails closed on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it("an action and its row share a transaction: with the audit store down, neither is written", async () => {
    await store.db.execute(sql`create table audited_thing (id text primary key)`);
    await auditStoreDown(store.db);
    const spy = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const attempt = store.db.transaction(async (tx) => {
      await tx.execute(sql`insert into audited_thing values ('t-1')`);
      await recordAudit({ action: "user.create", target: "t-1", outcome: "success" }, tx);
    });
    await expect(attempt).rejects.toBeInstanceOf(AuditUnavailableError);
    spy.mockRestore();
    const things = rowsOf<{ id: string }>(await store.db.execute(sql`select id from audited_thing`));
    expect(things).toEqual([]);
    await auditStoreUp(store.db);
    await recordAudit({ action: "user.create", target: "t-2", outcome: "success" }, store.db);
    expect((await listAudit({ action: "user.create" }, store.db)).total).toBe(1);
  });

  it("keeps and shows text in the order it was typed: bidi and control characters neutralised", async () => {
    await recordAudit(
      {
        actor: { id: "u-1", email: "ops@demo.test" },
        action: "payment.register",
        target: "idem\u202Ex",
        outcome: "refused",
        detail: { receiver: "Maria \u202Eexe.txt Silva", reason: "no\u0000pe", nested: { "k\u2067": ["a\u200Fb"] } },
      },
      store.db,
    );
    const [entry] = (await listAudit({ action: "payment.register" }, store.db)).entries;
    expect(entry).toMatchObject({ target: "idemx", detail: { receiver: "Maria exe.txt Silva", reason: "nope", nested: { k: ["ab"] } } });
  });
});

describe("audit filters", () => {
  it("reads whole days in Brazil time and validates input", () => {
    const parsed = parseAuditQuery(new URLSearchParams("from=2026-03-10&to=2026-03-10&page=2&action=auth.sign_in"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.query.from?.toISOString()).toBe("2026-03-10T03:00:00.000Z");
    expect(parsed.query.to?.toISOString()).toBe("2026-03-11T03:00:00.000Z");
    expect(parsed.query).toMatchObject({ page: 2, action: "auth.sign_in", pageSize: 50 });

    const bad = parseAuditQuery({ page: "0", from: "yesterday" });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(Object.keys(bad.fields).sort()).toEqual(["from", "page"]);

    const empty = parseAuditQuery({ action: "", actor: "  " });
    expect(empty.ok && empty.query.action === undefined && empty.query.actor === undefined).toBe(true);

    const notADay = parseAuditQuery({ from: "2026-02-30", to: "2026-13-01" });
    expect(notADay.ok ? [] : Object.keys(notADay.fields).sort()).toEqual(["from", "to"]);

    // As typed (a form sent before its script ran): the same Brazil days.
    const typed = parseAuditQuery({ from: "10/03/2026", to: "10/03/2026" });
    expect(typed.ok && typed.query.from?.toISOString()).toBe("2026-03-10T03:00:00.000Z");
    expect(typed.ok && typed.query.to?.toISOString()).toBe("2026-03-11T03:00:00.000Z");
    const impossible = parseAuditQuery({ from: "30/02/2026" });
    expect(impossible.ok).toBe(false);
  });

  it("a pasted link keeps the filters it can read and names the ignored ones", () => {
    const { query, usable, ignored } = parseAuditQueryLeniently({ page: "abc", actor: "x".repeat(300), action: "auth.sign_in", to: "2026-03-10" });
    expect(Object.keys(ignored).sort()).toEqual(["actor", "page"]);
    expect(ignored.page).toBe("validation.audit.page"); // worded by the page in the reader's language
    expect(ignored.actor).toBe("validation.audit.tooLong");
    expect(query).toMatchObject({ page: 1, action: "auth.sign_in" });
    expect(query.actor).toBeUndefined();
    expect(query.to?.toISOString()).toBe("2026-03-11T03:00:00.000Z");
    expect(usable).toEqual({ action: "auth.sign_in", to: "2026-03-10" });
  });
});
