import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsFolder } from "./client";
import { migrateStore } from "./migrate";
import { rowsOf, TEST_ENGINES, type TestStore } from "./test-engines";
import { createUser, findUserByEmail, listUsers, setUserRole, UserError } from "./users";
import { listAudit } from "./audit";

describe.each(TEST_ENGINES)("store on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it("creates every table and the migrations journal", async () => {
    const result = await store.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
    expect(tables).toEqual(
      expect.arrayContaining([
        "audit_log",
        "auth_account",
        "auth_rate_limit",
        "auth_session",
        "auth_sign_in_failure",
        "auth_user",
        "auth_verification",
      ]),
    );
    const applied = rowsOf<{ n: number | string }>(
      await store.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
    );
    expect(Number(applied[0]?.n)).toBeGreaterThanOrEqual(2);
  });

  it("applies migrations once, also when two starts race on an empty database", async () => {
    const fresh = await engine.open({ migrate: false });
    try {
      const folder = defaultMigrationsFolder();
      await Promise.all([
        migrateStore(fresh, fresh.location, folder),
        migrateStore(fresh, fresh.location, folder),
      ]);
      await migrateStore(fresh, fresh.location, folder);
      const applied = rowsOf<{ hash: string }>(
        await fresh.db.execute(sql`select hash from drizzle.__drizzle_migrations`),
      );
      const hashes = applied.map((r) => r.hash);
      expect(hashes.length).toBeGreaterThanOrEqual(2);
      expect(new Set(hashes).size).toBe(hashes.length);
    } finally {
      await fresh.close();
    }
  });

  it("creates users with a hashed password, refuses duplicates, lists them", async () => {
    const user = await createUser(
      { email: "  Ana@Example.COM ", role: "support", password: "correct horse battery" },
      { db: store.db },
    );
    expect(user).toMatchObject({ email: "ana@example.com", role: "support", name: "ana" });
    const stored = rowsOf<{ password: string }>(
      await store.db.execute(sql`select password from auth_account where user_id = ${user.id}`),
    );
    expect(stored[0]?.password).toBeTruthy();
    expect(stored[0]?.password).not.toContain("correct horse");

    await expect(
      createUser({ email: "ana@example.com", role: "viewer", password: "another password" }, { db: store.db }),
    ).rejects.toThrow(/already exists/);
    await expect(
      createUser({ email: "not-an-email", role: "viewer", password: "long enough" }, { db: store.db }),
    ).rejects.toBeInstanceOf(UserError);
    await expect(
      createUser({ email: "short@example.com", role: "viewer", password: "short" }, { db: store.db }),
    ).rejects.toThrow(/at least 8/);

    const emails = (await listUsers(store.db)).map((u) => u.email);
    expect(emails).toContain("ana@example.com");
    expect(emails).not.toContain("short@example.com");
  });

  it("changes a role and records it in the audit log", async () => {
    await createUser({ email: "bia@example.com", role: "viewer", password: "password-bia" }, { db: store.db });
    const actor = { id: "admin-1", email: "root@example.com" };
    const { previous, user } = await setUserRole("BIA@example.com", "operator", { actor, db: store.db });
    expect(previous).toBe("viewer");
    expect(user.role).toBe("operator");
    expect((await findUserByEmail("bia@example.com", store.db))?.role).toBe("operator");
    const page = await listAudit({ action: "user.role_change" }, store.db);
    expect(page.entries[0]).toMatchObject({
      actorEmail: "root@example.com",
      target: "bia@example.com",
      outcome: "success",
      detail: { from: "viewer", to: "operator" },
    });
    await expect(setUserRole("nobody@example.com", "admin", { db: store.db })).rejects.toThrow(/No user/);
  });
});
