import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { test as base } from "@playwright/test";
import postgres from "postgres";
import { startTlsProxy, type TlsProxy } from "./tls-proxy";

/**
 * The back office as a company runs it, in processes of their own: the production build
 * (`next start`) outside sandbox mode, its provider a separate process (the sandbox started on
 * its own with fixed credentials, `npm run sandbox`), its store a scratch database on the test
 * PostgreSQL server (TEST_DATABASE_URL: `source scripts/pg-test.sh`), behind a TLS proxy with a
 * certificate made now with openssl, two-step sign-in required, real secrets. One stack per
 * worker; everything is stopped and the database dropped afterwards.
 *
 * Ports: E2E_PRODUCTION_PORT (default 3650) for the app, +1 the provider, +2 the https proxy.
 */
const ROOT = join(import.meta.dirname, "..", "..");
const run = promisify(execFile);
const secret = (bytes = 24) => randomBytes(bytes).toString("base64url");

export type Stack = {
  /** https://localhost:<port>: APP_URL, what people open. */
  appUrl: string;
  /** The provider's base URL (its /_control/ drives its clock). */
  providerUrl: string;
  metricsToken: string;
  /** The environment the server runs with (the users CLI needs the same). */
  env: Record<string, string>;
  /** `npm run users -- ...` as an operator types it on the server, with the server's environment. */
  usersCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** What the server printed so far (stdout and stderr), for failures and the log checks. */
  output(): string;
};

function start(command: string, args: string[], env: Record<string, string>, log: string[]): ChildProcess {
  // Its own process group, so stopping it stops what npm and next start under it.
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => log.push(chunk.toString()));
  return child;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const late = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }, 10_000);
  await exited;
  clearTimeout(late);
}

/** Polls until `url` answers 200; throws with what the process printed if it never does. */
async function waitFor(url: string, what: string, log: string[], timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      last = `HTTP ${res.status} ${await res.text()}`;
      if (res.status === 200) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s (${url}: ${last})\n${log.join("").slice(-4000)}`);
}

export const test = base.extend<object, { stack: Stack }>({
  stack: [
    async ({}, provide) => {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set: run `source scripts/pg-test.sh` first (npm test does)");
      const basePort = Number(process.env.E2E_PRODUCTION_PORT ?? 3650);
      const [appPort, providerPort, tlsPort] = [basePort, basePort + 1, basePort + 2];
      const dir = mkdtempSync(join(tmpdir(), "pix-production-e2e-"));
      const log: string[] = [];
      const database = `pix_e2e_production_${Date.now().toString(36)}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      let provider: ChildProcess | undefined;
      let app: ChildProcess | undefined;
      let proxy: TlsProxy | undefined;
      try {
        // The certificate of localhost, made now.
        await run("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"), "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]);
        await admin.unsafe(`CREATE DATABASE "${database}"`);
        const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();

        const credentials = { PAYMENTS_API_CLIENT_ID: "company-client", PAYMENTS_API_CLIENT_SECRET: secret() };
        // The provider's clock moves only when the test advances it (a step of an hour).
        provider = start("npm", ["run", "--silent", "sandbox"], {
          ...credentials,
          SANDBOX_PORT: String(providerPort),
          SANDBOX_STORE: "memory",
          SANDBOX_CLOCK_STEP_MS: "3600000",
          SANDBOX_WEBHOOK_RETRY_MS: "1000",
          // It delivers webhooks to our https address: trust the certificate made above.
          NODE_EXTRA_CA_CERTS: join(dir, "cert.pem"),
        }, log);

        const appUrl = `https://localhost:${tlsPort}`;
        const metricsToken = secret();
        const env: Record<string, string> = {
          NODE_ENV: "production",
          PORT: String(appPort),
          APP_URL: appUrl,
          PAYMENTS_API_URL: `http://127.0.0.1:${providerPort}`,
          ...credentials,
          PAYMENTS_WEBHOOK_AUTHORIZATION: `Bearer ${secret()}`,
          DATABASE_URL: databaseUrl,
          AUTH_SECRET: secret(48),
          TRUSTED_PROXY_HOPS: "1",
          REQUIRE_2FA: "true",
          METRICS_TOKEN: metricsToken,
          COMPANY_NAME: "Empresa Exemplo Ltda",
          COMPANY_DOCUMENT: "11.222.333/0001-81",
          DATA_DIR: join(dir, "data"),
          LOG_FORMAT: "json",
          NEXT_TELEMETRY_DISABLED: "1",
        };
        await waitFor(`http://127.0.0.1:${providerPort}/_control/state`, "the provider", log);
        app = start(join(ROOT, "node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", String(appPort)], env, log);
        proxy = await startTlsProxy({ port: tlsPort, target: `http://127.0.0.1:${appPort}`, key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) });
        // Ready = store, queue and provider token (GET /api/ready), as a load balancer waits for it.
        await waitFor(`http://127.0.0.1:${appPort}/api/ready`, "the back office", log);

        const usersCli: Stack["usersCli"] = async (args) => {
          try {
            const { stdout, stderr } = await run("npm", ["run", "--silent", "users", "--", ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: 120_000 });
            return { code: 0, stdout, stderr };
          } catch (error) {
            const failed = error as { code?: number; stdout?: string; stderr?: string };
            return { code: failed.code ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
          }
        };
        await provide({ appUrl, providerUrl: `http://127.0.0.1:${providerPort}`, metricsToken, env, usersCli, output: () => log.join("") });
      } finally {
        await proxy?.close();
        await stop(app);
        await stop(provider);
        await admin.unsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
        await admin.end({ timeout: 5 });
        rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 240_000 },
  ],
});

export { expect } from "@playwright/test";
