import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";

/**
 * `npm run users` as an operator runs it on a real deployment: a process of its own, outside
 * sandbox mode (a provider URL and credentials, no demo accounts), on the embedded store and on
 * PostgreSQL. It crashed at start once (React under the CLI's "react-server" condition) while
 * every in-process test passed.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

const PRODUCTION_ENV = {
  NODE_ENV: "production" as const,
  PAYMENTS_API_URL: "https://provider.example.com",
  PAYMENTS_API_CLIENT_ID: "company-client",
  PAYMENTS_API_CLIENT_SECRET: "company-secret",
  PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer company-webhook-secret",
  AUTH_SECRET: "a-real-deployment-secret-of-at-least-32-chars",
  APP_URL: "https://pix.example.com",
};

async function users(args: string[], store: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...PRODUCTION_ENV, ...store };
  delete env.LOG_LEVEL; // the CLI's own default: no start-up chatter
  if (!store.DATABASE_URL) delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "users", "--", ...args], { cwd: ROOT, env, timeout: 90_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

type Place = { name: string; env(): Promise<Record<string, string>>; done(): Promise<void> };

function embedded(): Place {
  let dir: string | undefined;
  return {
    name: "embedded store (PGlite)",
    async env() {
      dir = mkdtempSync(path.join(tmpdir(), "pix-users-process-"));
      return { DATA_DIR: dir };
    },
    async done() {
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresql(): Place {
  let store: TestStore | undefined;
  return {
    name: "PostgreSQL",
    async env() {
      // A scratch database of its own, made (and dropped at the end) by the test engine.
      store = await TEST_ENGINES.find((e) => e.name === "postgresql")!.open({ migrate: false });
      return { DATABASE_URL: (store.location as { url: string }).url };
    },
    async done() {
      await store?.close();
    },
  };
}

const places: Place[] = [embedded(), ...(TEST_ENGINES.some((e) => e.name === "postgresql") ? [postgresql()] : [])];

describe.each(places)("npm run users as a process, outside sandbox mode, on the $name", (place) => {
  let store: Record<string, string>;
  afterAll(() => place.done());

  it("adds the first admin with a one-time link, then lists and changes accounts", { timeout: 180_000 }, async () => {
    store = await place.env();
    const add = await users(["add", "first.admin@company.com.br", "admin"], store);
    expect(add).toMatchObject({ code: 0, stderr: "" });
    expect(add.stdout).toMatch(
      /^Created the admin account first\.admin@company\.com\.br\.\nOpen this one-time link within 72 hours to set its password:\n {2}https:\/\/pix\.example\.com\/login\/set-password\?token=[\w-]{20,}\n$/,
    );

    const second = await users(["add", "ops@company.com.br", "operator", "--name", "Operações"], store);
    expect(second.code).toBe(0);

    const list = await users(["list"], store);
    expect(list).toMatchObject({ code: 0, stderr: "" });
    expect(list.stdout.trim().split("\n").map((line) => line.split(/\s+/).slice(0, 3))).toEqual([
      ["first.admin@company.com.br", "admin", "active"],
      ["ops@company.com.br", "operator", "active"],
    ]);

    const role = await users(["role", "ops@company.com.br", "approver"], store);
    expect(role).toMatchObject({ code: 0, stdout: "Changed the role of ops@company.com.br from operator to approver. It applies on their next request.\n" });

    const refused = await users(["add", "ops@company.com.br", "viewer"], store);
    expect(refused).toMatchObject({ code: 1, stdout: "", stderr: "Error: A user with email ops@company.com.br already exists\n" });
  });
});
