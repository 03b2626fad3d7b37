import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { listAudit } from "./audit";
import { closeDb, getDb } from "./index";
import { runUsersCli, type CliIo } from "./users-cli-run";

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
