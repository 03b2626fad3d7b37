import "server-only";
import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "@/sandbox/server";
import { armHold, paymentsWithId, type HeldFault } from "@/sandbox/testing";
import { resetHealthCacheForTests } from "./health";
import { resetTokenCacheForTests } from "./token";

/**
 * Test support (imported by *.test.ts only): a real sandbox per suite on a free port, the
 * client's configuration pointed at it with small timeouts, and a record of every upstream call.
 * `startTestSandbox({ duplicates: "allow" })` makes a repeated idempotent_id a second payment, so a
 * double send shows up in `paymentsWithId`.
 */
type UpstreamCall = { method: string; path: string; status: number | "error"; url: string };

export type TestSandbox = {
  sandbox: RunningSandbox;
  calls: UpstreamCall[];
  /** Tokens the sandbox issued during the suite (to prove none leaks). */
  issuedTokens: string[];
  /** Arms a fault (sandbox/README.md "Faults": timeout, 500, reset, their -after-commit forms, malformed-json, delay, hold). */
  fault(spec: { method?: string; path: string; fault: string; times?: number; delayMs?: number }): Promise<void>;
  /**
   * Parks the next matching call (default: POST /v1/pix/payments) until the test says how it ends:
   * `await held.arrived()` once it went out, then `held.release("commit" | "commit-then-reset" |
   * "commit-then-500" | "drop")`. Nothing waits on the clock.
   */
  hold(spec?: { method?: string; path?: string; times?: number }): Promise<HeldFault>;
  /** Every payment the sandbox holds with this idempotent_id (two or more only with `duplicates: "allow"`). */
  paymentsWithId(idempotentId: string): ReturnType<typeof paymentsWithId>;
  clearFaults(): Promise<void>;
  /** Forget the client's token and health caches (not the sandbox's state). */
  resetClient(): void;
  close(): Promise<void>;
};

export const TEST_TIMEOUTS = { timeoutMs: 400, registerTimeoutMs: 500, readRetries: 2 };

/**
 * A sandbox for one suite. TEST_SANDBOX_QUIRKS=doc answers with the documentation's literal quirks
 * (scripts/test-all.sh runs the integration suites that talk to the provider a second time so).
 */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const quirks = options.quirks ?? (process.env.TEST_SANDBOX_QUIRKS === "doc" ? "doc" : "none");
  const sandbox = await startSandbox({ port: 0, store: "memory", quiet: true, seedCount: 300, ...options, quirks });
  Object.assign(process.env, {
    PAYMENTS_API_URL: sandbox.url,
    PAYMENTS_API_CLIENT_ID: sandbox.clientId,
    PAYMENTS_API_CLIENT_SECRET: sandbox.clientSecret,
    PAYMENTS_API_TIMEOUT_MS: String(TEST_TIMEOUTS.timeoutMs),
    PAYMENTS_API_REGISTER_TIMEOUT_MS: String(TEST_TIMEOUTS.registerTimeoutMs),
    PAYMENTS_API_READ_RETRIES: String(TEST_TIMEOUTS.readRetries),
    PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer test-webhook-authorization",
    AUTH_SECRET: "test-auth-secret-test-auth-secret-0001",
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
  });
  resetEnvForTests();
  resetTokenCacheForTests();
  resetHealthCacheForTests();
  await warmUp(sandbox.url, sandbox.clientId, sandbox.clientSecret);

  // Every call the client makes is seen where it lands: at the provider (the sandbox).
  const calls: UpstreamCall[] = [];
  const issuedTokens: string[] = [];
  sandbox.onRequest((req, res) => {
    const url = new URL(req.url ?? "/", sandbox.url);
    if (url.pathname.startsWith("/_control")) return;
    const record: UpstreamCall = { method: req.method ?? "GET", path: url.pathname, status: "error", url: url.href };
    calls.push(record);
    res.once("finish", () => {
      record.status = res.statusCode;
    });
  });
  const { tokens } = sandbox.core;
  const issue = tokens.issue.bind(tokens);
  tokens.issue = () => {
    const issued = issue();
    issuedTokens.push(issued.access_token);
    return issued;
  };

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox control ${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  };

  return {
    sandbox,
    calls,
    issuedTokens,
    fault: (spec) => control("POST", "/_control/faults", spec),
    hold: (spec) => armHold(sandbox.url, spec),
    paymentsWithId: (id) => paymentsWithId(sandbox.url, id),
    clearFaults: () => control("DELETE", "/_control/faults"),
    resetClient: () => {
      resetTokenCacheForTests();
      resetHealthCacheForTests();
    },
    close: async () => {
      await sandbox.close();
    },
  };
}

/**
 * One token and one read straight at the sandbox before the suite starts (not through our client,
 * not counted in `calls`): a suite's first call then meets a warm server instead of paying for its
 * first compilation inside the client's short test timeout.
 */
async function warmUp(url: string, id: string, secret: string): Promise<void> {
  const token = await fetch(`${url}/auth/generate_token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`, "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "client_credentials" }),
  });
  const { access_token } = (await token.json()) as { access_token?: string };
  if (access_token) await (await fetch(`${url}/v1/pix/payments`, { headers: { authorization: `Bearer ${access_token}` } })).arrayBuffer();
}

/** A valid dict registration body (wire shape); the id must be unique per test. */
export function dictBody(idempotentId: string, valueCents = 1_234) {
  return {
    idempotent_id: idempotentId,
    value_cents: valueCents,
    initiation_type: "dict" as const,
    receiver_name: "Maria Aparecida dos Santos",
    receiver_document: "39053344705",
    pix_key_type: "email" as const,
    pix_key: "maria.santos@example.com",
  };
}

/** The company a comprovante, a charge's checkout and the statement name as the account holder. */
export const TEST_COMPANY = { COMPANY_NAME: "Empresa Demonstração Ltda", COMPANY_DOCUMENT: "11.222.333/0001-81" };

/** A sandbox whose clock the tests drive, and the company set, for the file. */
export function sandboxForFile(): { readonly sandbox: TestSandbox } {
  const held = {} as { sandbox: TestSandbox };
  beforeAll(async () => {
    held.sandbox = await startTestSandbox({ autoClock: false });
    Object.assign(process.env, TEST_COMPANY);
    resetEnvForTests();
  });
  afterAll(() => held.sandbox?.close());
  return held;
}
