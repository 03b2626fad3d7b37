import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Ports and paths of the e2e run. Each Playwright worker gets a stack of its own: a production
 * server and its embedded sandbox on ports base+slot (slot = TEST_PARALLEL_INDEX), with its own
 * store. Faults, the sandbox clock and new payments of one worker never reach another, so the
 * specs run in parallel without seeing each other. E2E_APP_PORT / E2E_SANDBOX_PORT move the
 * bases (e.g. to run a clean clone beside a dev server); E2E_WORKERS sets the number of stacks.
 */
const baseAppPort = Number(process.env.E2E_APP_PORT ?? 3100);
const baseSandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);

/** Stacks (and Playwright workers): 2 by default, the machine's cores. */
export const E2E_SLOTS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export function stackFor(slot: number) {
  const appPort = baseAppPort + slot;
  const sandboxPort = baseSandboxPort + slot;
  return {
    appPort,
    sandboxPort,
    appUrl: `http://localhost:${appPort}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    dataDir: `.data/e2e-${appPort}`,
  };
}

/** This worker's slot (0 in the runner process and in the setup project). */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const E2E = {
  slot,
  ...stackFor(slot),
  password: "demo-password",
  /**
   * The e2e server's provider timeout (scripts/e2e-server.sh sets PAYMENTS_API_TIMEOUT_MS and
   * PAYMENTS_API_REGISTER_TIMEOUT_MS to it): short, so fault tests do not wait 10-15 s each.
   */
  providerTimeoutMs: 1_500,
  /**
   * The sandbox lifecycle step (SANDBOX_CLOCK_STEP_MS of the e2e server): long, so payments only
   * move when a spec advances the sandbox clock, however slow the machine is.
   */
  clockStepMs: 60_000,
};

export const ROLES = ["viewer", "support", "operator", "approver", "admin"] as const;
export type E2ERole = (typeof ROLES)[number];
/** Every demo account signed in by the setup project: one per role, a second approver and a second admin. */
export const ACCOUNTS = [...ROLES, "approver2", "admin2"] as const;
export type E2EAccount = (typeof ACCOUNTS)[number];

/** The signed-in browser state of a role on a stack (sessions live in that stack's store). */
export function storageStateFor(role: E2EAccount, forSlot: number = slot): string {
  return `playwright/.auth/${forSlot}-${role}.json`;
}

/**
 * This stack's webhook secrets: the deployment's own, generated at its first start in sandbox
 * mode (DATA_DIR/sandbox-secrets.json, lib/sandbox-secrets.ts). Read when a spec needs them, after
 * the server started.
 */
export function webhookSecrets(): { authorization: string; md5Secret: string } {
  const s = JSON.parse(readFileSync(join(E2E.dataDir, "sandbox-secrets.json"), "utf8")) as { clientSecret: string; webhookAuthorization: string };
  return { authorization: s.webhookAuthorization, md5Secret: s.clientSecret };
}
