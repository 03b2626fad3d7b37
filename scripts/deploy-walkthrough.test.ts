import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { listWebhooks } from "@/lib/payments-api/webhook-admin";
import { resetHealthCacheForTests } from "@/lib/payments-api/health";
import { resetTokenCacheForTests } from "@/lib/payments-api/token";
import { registerOurWebhooks } from "@/lib/startup";
import { resetWebhookRegistrationForTests, webhookRegistration, whenWebhooksRegistered } from "@/lib/webhook-registration";
import { startSandbox, type RunningSandbox } from "@/sandbox/server";

/**
 * docs/DEPLOY.md followed as a new company would, in a fresh directory, as far as a test can go
 * without building: the example environment file copied and filled in, sourced by bash with the
 * guide's own first-admin command (read from the guide, not retyped), the first admin made by the
 * CLI on a fresh database; then the app starts before its provider answers: it keeps registering
 * its webhooks and they are registered once the provider is up. (The build, `next start`, TLS and
 * a browser are e2e/production/deployment.spec.ts.)
 */
const ROOT = join(import.meta.dirname, "..");
const guide = readFileSync(join(ROOT, "docs/DEPLOY.md"), "utf8");
const work = mkdtempSync(join(tmpdir(), "pix-deploy-"));
let store: TestStore | undefined;
let provider: RunningSandbox | undefined;
const saved = { ...process.env };

afterAll(async () => {
  resetWebhookRegistrationForTests();
  await provider?.close();
  await store?.close();
  process.env = saved;
  resetEnvForTests();
  rmSync(work, { recursive: true, force: true });
});

/** A port nothing listens on yet: where the provider will start later. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What a person does with the example: replace the placeholder lines with their values. */
function fillIn(example: string, values: Record<string, string>): string {
  let text = example;
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^#? ?${name}=.*$`, "m");
    expect(text, `${name} is in the example`).toMatch(line);
    text = text.replace(line, `${name}='${value}'`);
  }
  return text;
}

/** Runs a bash command line in an empty environment (PATH and HOME only), from the checkout. */
function bash(command: string) {
  return spawnSync("bash", ["-c", command], {
    cwd: ROOT,
    encoding: "utf8",
    // NODE_ENV as the systemd unit sets it.
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: work, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
}

describe("docs/DEPLOY.md in a fresh directory", () => {
  const envFile = join(work, "env");
  const clientId = "company-client";
  const clientSecret = "a-provider-secret-from-the-contract";
  let port = 0;

  it("the example environment file, filled in, is sourced by bash and the guide's command makes the first admin", { timeout: 180_000 }, async () => {
    port = await freePort();
    const engine = TEST_ENGINES.find((e) => e.name === "postgresql");
    // The guide's database is PostgreSQL; without one here the embedded store in the fresh directory.
    const database: Record<string, string> = engine
      ? { DATABASE_URL: ((store = await engine.open({ migrate: false })).location as { url: string }).url }
      : { DATA_DIR: join(work, "data") };
    copyFileSync(join(ROOT, "deploy/pix-backoffice.env.example"), envFile);
    let text = fillIn(readFileSync(envFile, "utf8"), {
      PAYMENTS_API_URL: `http://127.0.0.1:${port}`,
      PAYMENTS_API_CLIENT_ID: clientId,
      PAYMENTS_API_CLIENT_SECRET: clientSecret,
      PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
      AUTH_SECRET: "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0",
      APP_URL: "https://backoffice.empresa.com.br",
      COMPANY_DOCUMENT: "11.222.333/0001-81",
      METRICS_TOKEN: "a-metrics-token-of-24-chars",
      ...database,
    });
    if (!engine) text = text.replace(/^DATABASE_URL=.*$/m, "# DATABASE_URL=");
    writeFileSync(envFile, text, { mode: 0o600 });

    // The guide's command, word for word but for sudo (no such user here) and the file's place.
    const block = /```bash\ncd \/opt\/pix-backoffice\nsudo -u pix-backoffice bash -c '([^'\n]+)'\n```/.exec(guide);
    expect(block, "DEPLOY.md has the first-admin command").not.toBeNull();
    const command = block![1]!.replace("/etc/pix-backoffice/env", envFile);
    expect(command).toBe(`set -a; . ${envFile}; set +a; npm run users -- add maria@empresa.com.br admin`);
    const made = bash(command);
    expect(made.stderr).not.toMatch(/command not found|Missing settings|syntax error/);
    expect(made.status).toBe(0);
    expect(made.stdout).toMatch(/^ {2}https:\/\/backoffice\.empresa\.com\.br\/login\/set-password\?token=[\w-]{20,}$/m);
    expect(made.stdout).toContain("maria@empresa.com.br");
  });

  it("the app starts before its provider: it keeps registering its webhooks, and they are registered once the provider answers", { timeout: 60_000 }, async () => {
    // The server's environment is the file, as systemd gives it (bash reads it the same way: see deploy.test.ts).
    const sourced = bash(`set -a; . ${envFile}; set +a; env -0`);
    expect(sourced.status).toBe(0);
    const fromFile = Object.fromEntries(sourced.stdout.split("\0").filter(Boolean).map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
    process.env = { ...saved, ...fromFile, NODE_ENV: "production", LOG_LEVEL: "warn", LOG_FORMAT: "json" };
    resetEnvForTests();
    resetTokenCacheForTests();
    resetHealthCacheForTests();
    resetWebhookRegistrationForTests();

    const waits: Array<() => void> = [];
    let asked: (() => void) | undefined;
    const wait = () =>
      new Promise<void>((resolve) => {
        waits.push(resolve);
        asked?.();
      });
    // Nothing listens on the provider's port yet: the start goes on, the registration retries.
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      expect(await registerOurWebhooks(getEnv(), { wait })).toBe("retrying");
    } finally {
      write.mockRestore();
    }
    // The log says why in its own words ("Could not reach...", not "[redacted] not reach").
    const failure = written.map((line) => JSON.parse(line) as { level: string; msg: string; error?: { message?: string } }).find((l) => l.msg === "webhook registration failed; retrying");
    expect(failure).toMatchObject({ level: "warn", error: { message: "Could not get an access token: Could not reach the payments provider" } });
    expect(webhookRegistration()).toMatchObject({ status: "retrying", attempts: 1 });
    expect(waits).toHaveLength(1);

    provider = await startSandbox({ port, store: "memory", quiet: true, seedCount: 5, clientId, clientSecret });
    const askedAgain = new Promise<"asked to wait again">((resolve) => (asked = () => resolve("asked to wait again")));
    waits.shift()!();
    // The next attempt registers; one that failed again would ask for another wait instead.
    const outcome = await Promise.race([whenWebhooksRegistered()!, askedAgain]);
    expect(outcome).toMatchObject({ status: "registered" });
    expect(webhookRegistration()).toMatchObject({ status: "registered", attempts: 2 });
    const registered = await listWebhooks();
    expect(registered.map((w) => [w.typeId, w.url]).sort()).toEqual([
      [1, "https://backoffice.empresa.com.br/api/webhooks/pix"],
      [2, "https://backoffice.empresa.com.br/api/webhooks/pix"],
    ]);
  });
});
