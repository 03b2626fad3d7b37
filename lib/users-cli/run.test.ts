import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { listAudit } from "@/lib/db/audit";
import { authUser } from "@/lib/db/schema/auth";
import { closeDb, getDb } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import type { CliIo } from "./command";
import { runUsersCli } from "./run";
import { changePolicyOrAsk, changeUserOrAsk } from "@/lib/admin-changes/service";
import { createUser, findUserByEmail } from "@/lib/db/users";
import { getApprovalPolicy } from "@/lib/transfers/server/policy-store";

function io(stdinText = "", env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    stdin: Readable.from([stdinText]),
    stdout: { write: (t: string) => out.push(t) },
    stderr: { write: (t: string) => err.push(t) },
    env,
  };
  return { value, out: () => out.join(""), err: () => err.join("") };
}

const LINK = /^ {2}(https:\/\/pix\.example\.com\/login\/set-password\?token=[\w-]+)$/m;

describe("npm run users, in process, against the embedded store", () => {
  let dir: string;
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL, APP_URL: process.env.APP_URL };
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "pix-users-cli-"));
    process.env.DATA_DIR = dir;
    process.env.APP_URL = "https://pix.example.com";
    delete process.env.DATABASE_URL;
    resetEnvForTests();
  });
  afterAll(async () => {
    await closeDb();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
    rmSync(dir, { recursive: true, force: true });
  });

  it("adds an account with a one-time link on APP_URL, a new link replaces it, and each step is audited", async () => {
    const add = io();
    expect(await runUsersCli(["add", "Ana@Example.com", "admin"], add.value)).toBe(0);
    expect(add.out()).toMatch(/^Created the admin account ana@example\.com\.\nOpen this one-time link within 72 hours to set its password:\n/);
    const first = LINK.exec(add.out())?.[1];
    expect(first).toBeDefined();

    const again = io();
    expect(await runUsersCli(["link", "ana@example.com"], again.value)).toBe(0);
    const second = LINK.exec(again.out())?.[1];
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const audit = await listAudit({}, await getDb());
    expect(audit.entries.map((e) => [e.action, e.target, e.detail.via, e.detail.set_password_link])).toEqual([
      ["user.password_link", "ana@example.com", "cli", undefined],
      ["user.create", "ana@example.com", "cli", true],
    ]);
    await closeDb();
  });

  it("adds with a piped password, lists, changes a role", async () => {
    const add = io("piped-password-123\n");
    expect(await runUsersCli(["add", "bia@example.com", "operator", "--password-stdin"], add.value)).toBe(0);
    expect(add.out()).toBe("Created the operator account bia@example.com. It can sign in at https://pix.example.com/login\n");

    const role = io();
    expect(await runUsersCli(["role", "bia@example.com", "approver"], role.value)).toBe(0);
    expect(role.out()).toBe("Changed the role of bia@example.com from operator to approver. It applies on their next request.\n");

    const list = io();
    expect(await runUsersCli(["list"], list.value)).toBe(0);
    expect(list.out().split("\n").filter(Boolean).map((line) => line.split(/\s+/).slice(0, 4))).toEqual([
      ["ana@example.com", "admin", "active", "2fa-off"],
      ["bia@example.com", "approver", "active", "2fa-off"],
    ]);
  });

  it("reset-2fa removes a second factor and ends the sessions, audited", async () => {
    await (await getDb()).update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.email, "bia@example.com"));
    const reset = io();
    expect(await runUsersCli(["reset-2fa", "bia@example.com"], reset.value)).toBe(0);
    expect(reset.out()).toBe("Two-step sign-in of bia@example.com was reset (0 session(s) ended). They set it up again at their next sign-in.\n");
    const db = await getDb(); // the CLI closed the store it used
    const [row] = await db.select().from(authUser).where(eq(authUser.email, "bia@example.com"));
    expect(row?.twoFactorEnabled).toBe(false);
    const [entry] = (await listAudit({}, db)).entries;
    expect(entry).toMatchObject({ action: "user.reset_second_factor", target: "bia@example.com", detail: { via: "cli", was_enabled: true } });
    await closeDb();
  });

  it("explains refusals with exit code 1, and usage mistakes with 2, on stderr", async () => {
    const duplicate = io("", { USER_PASSWORD: "another-password" });
    expect(await runUsersCli(["add", "ana@example.com", "viewer"], duplicate.value)).toBe(1);
    expect(duplicate.err()).toBe("Error: A user with email ana@example.com already exists\n");

    const weak = io("", { USER_PASSWORD: "short" });
    expect(await runUsersCli(["add", "new@example.com", "viewer"], weak.value)).toBe(1);
    expect(weak.err()).toBe("Error: The password must have at least 8 characters\n");

    const lastAdmin = io();
    expect(await runUsersCli(["role", "ana@example.com", "viewer"], lastAdmin.value)).toBe(1);
    expect(lastAdmin.err()).toBe("Error: ana@example.com is the last active admin\n");

    const missing = io();
    expect(await runUsersCli(["link", "ghost@example.com"], missing.value)).toBe(1);
    expect(missing.err()).toBe("Error: No user with email ghost@example.com\n");

    const unknown = io();
    expect(await runUsersCli(["delete", "a@b.co"], unknown.value)).toBe(2);
    expect(unknown.err()).toBe('Error: Unknown command "delete". Use add, list, role, link, reset-2fa, pending, confirm, refuse\n\nRun "npm run users -- help" for usage.\n');
  });

  it("shows its usage, built from the commands, with no arguments, help or --help", async () => {
    for (const argv of [[], ["help"], ["add", "--help"]]) {
      const help = io();
      expect(await runUsersCli(argv, help.value)).toBe(0);
      expect(help.out()).toContain("npm run users -- add EMAIL ROLE [--name \"Full Name\"] [--password-stdin]");
      expect(help.out()).toContain("npm run users -- link EMAIL");
    }
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
});
