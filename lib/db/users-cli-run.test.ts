import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { listAudit } from "./audit";
import { closeDb, getDb } from "./index";
import { changePolicyOrAsk, changeUserOrAsk } from "@/lib/admin-changes/service";
import { runUsersCli, type CliIo } from "./users-cli-run";
import { createUser, findUserByEmail } from "./users";
import { getApprovalPolicy } from "@/lib/transfers/policy-store";

function io(stdinText = "", env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const stdin = Readable.from([stdinText]) as unknown as NodeJS.ReadStream;
  const value: CliIo = {
    stdin,
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t) },
    env,
  };
  return { value, out: () => out.join(""), err: () => err.join("") };
}

describe("users CLI against the embedded store", () => {
  let dir: string;
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "pix-users-cli-"));
    process.env.DATA_DIR = dir;
    delete process.env.DATABASE_URL;
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeDb();
    process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    resetEnvForTests();
    rmSync(dir, { recursive: true, force: true });
  });

  it("adds a user from a piped password, lists it, changes its role, and audits both", async () => {
    const add = io("piped-password-123\n");
    expect(await runUsersCli(["add", "Ana@Example.com", "operator", "--password-stdin"], add.value)).toBe(0);
    expect(add.out()).toBe("Created Operator account ana@example.com. They can sign in at /login.\n");

    const list = io();
    expect(await runUsersCli(["list"], list.value)).toBe(0);
    expect(list.out()).toMatch(/^ana@example\.com\s+operator\s+created /);

    const role = io();
    expect(await runUsersCli(["role", "ana@example.com", "admin"], role.value)).toBe(0);
    expect(role.out()).toContain("from operator to admin");

    const audit = await listAudit({}, await getDb());
    expect(audit.entries.map((e) => [e.action, e.target, e.detail.via])).toEqual([
      ["user.role_change", "ana@example.com", "cli"],
      ["user.create", "ana@example.com", "cli"],
    ]);
    await closeDb();
  });

  it("a single admin's change that weakens money controls is listed, confirmed or refused from the command line", async () => {
    const db = await getDb();
    const admin = await createUser({ email: "solo.admin@example.com", role: "admin", password: "solo-admin-password" }, { db });
    const viewer = await createUser({ email: "vitor@example.com", role: "viewer", password: "vitor-password" }, { db });
    const requester = { id: admin.id, email: admin.email };
    const role = await changeUserOrAsk({ db }, viewer.id, { role: "approver" }, requester);
    const policy = await changePolicyOrAsk({ db }, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 }, requester);
    if (!("pending" in role) || !("pending" in policy)) throw new Error("expected two pending changes");

    const listed = io();
    expect(await runUsersCli(["pending"], listed.value)).toBe(0);
    expect(listed.out()).toContain(`${role.pending.id}  role of vitor@example.com: viewer -> approver`);
    expect(listed.out()).toMatch(new RegExp(`${policy.pending.id}  approval policy -> from R\\$\\s0,00: 0; expiry 24 h \\(in force: `));
    expect(listed.out()).toContain("asked by solo.admin@example.com");

    const confirm = io();
    expect(await runUsersCli(["confirm", role.pending.id], confirm.value)).toBe(0);
    expect(confirm.out()).toBe("Confirmed and applied: role of vitor@example.com: viewer -> approver.\n");
    expect((await findUserByEmail("vitor@example.com", await getDb()))?.role).toBe("approver");

    const refuse = io();
    expect(await runUsersCli(["refuse", policy.pending.id], refuse.value)).toBe(0);
    expect(refuse.out()).toMatch(/^Refused: approval policy .* Nothing was changed\.\n$/);
    expect((await getApprovalPolicy(await getDb())).tiers).not.toEqual([{ from_cents: 0, approvals: 0 }]);

    const again = io();
    expect(await runUsersCli(["confirm", role.pending.id], again.value)).toBe(1);
    expect(again.err()).toMatch(/already confirmed/);
    const audit = await listAudit({ action: "admin_change.confirm" }, await getDb());
    expect(audit.entries[0]).toMatchObject({ actorEmail: null, outcome: "confirmed", detail: expect.objectContaining({ via: "cli" }) });
    await closeDb();
  });

  it("explains refusals with a non-zero exit code", async () => {
    const duplicate = io("", { USER_PASSWORD: "another-password" });
    expect(await runUsersCli(["add", "ana@example.com", "viewer"], duplicate.value)).toBe(1);
    expect(duplicate.err()).toBe("Error: A user with email ana@example.com already exists\n");

    const weak = io("", { USER_PASSWORD: "short" });
    expect(await runUsersCli(["add", "new@example.com", "viewer"], weak.value)).toBe(1);
    expect(weak.err()).toBe("Error: The password must have at least 8 characters\n");

    const missing = io();
    expect(await runUsersCli(["role", "ghost@example.com", "viewer"], missing.value)).toBe(1);
    expect(missing.err()).toBe("Error: No user with email ghost@example.com\n");

    const usage = io();
    expect(await runUsersCli(["add", "x@y.z", "boss"], usage.value)).toBe(2);
    expect(usage.err()).toContain(`Unknown role "boss"`);
  });
});
