import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { forwardChildOutput } from "./child-output";
import type { ServerEnv } from "./env";
import { logLine } from "./http/logger";
import { sandboxCommand } from "./sandbox-process";
import { SANDBOX_SECRETS_FILE } from "./sandbox-secrets";

/**
 * Sandbox mode: the back office starts the sandbox provider as its own process (a real HTTP
 * server, as DESIGN wants) unless one already answers on SANDBOX_PORT, e.g. `npm run sandbox`
 * started by hand. The child dies with the parent: it is killed on exit and it also exits by
 * itself when its stdin (a pipe from us) closes, which covers a parent killed with SIGKILL.
 * A production server runs the compiled bundle (`npm run build` writes .build/sandbox.mjs) with
 * this very Node; development runs the sources through tsx (lib/sandbox-process.ts).
 */
let child: ChildProcess | undefined;

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/v1/webhooks/types`, { signal: AbortSignal.timeout(1000) });
    return res.status === 200 || res.status === 401;
  } catch {
    return false;
  }
}

/** Does the sandbox on that URL take our credentials? (One started by hand may have others.) */
async function acceptsCredentials(env: ServerEnv): Promise<boolean> {
  try {
    const res = await fetch(`${env.paymentsApiUrl}/auth/generate_token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${env.clientId}:${env.clientSecret}`).toString("base64")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ grant_type: "client_credentials" }),
      signal: AbortSignal.timeout(2000),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function ensureEmbeddedSandbox(env: ServerEnv): Promise<"running" | "started"> {
  if (await answers(env.paymentsApiUrl)) {
    if (await acceptsCredentials(env)) return "running";
    throw new Error(
      `a sandbox already answers on ${env.paymentsApiUrl} but refuses this deployment's credentials ` +
        `(started by hand?): stop it, or start it with PAYMENTS_API_CLIENT_SECRET from ${path.join(env.dataDir, SANDBOX_SECRETS_FILE)}`,
    );
  }
  const production = process.env.NODE_ENV === "production";
  const run = sandboxCommand(process.cwd(), production ? "compiled" : "sources");
  if (production && !run.compiled) {
    logLine("warn", "sandbox bundle missing (npm run build writes it): running the sources through tsx");
  }
  child = spawn(run.command, run.args, {
    cwd: process.cwd(),
    env: {
      ...process.env,
      SANDBOX_PORT: String(env.sandboxPort),
      SANDBOX_STORE: process.env.SANDBOX_STORE ?? path.join(env.dataDir, "sandbox"),
      PAYMENTS_API_CLIENT_ID: env.clientId,
      PAYMENTS_API_CLIENT_SECRET: env.clientSecret,
      // SANDBOX_QUIRKS (doc: the documentation's literal answers) passes through from our environment.
      SANDBOX_EXIT_ON_STDIN_CLOSE: "1",
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  // Its start line is ours to say (lib/startup.ts); what it reports later ("[sandbox] ...") is a problem.
  forwardChildOutput(child, "sandbox", (line) => (line.startsWith("[sandbox]") ? "warn" : "debug"));
  const current = child;
  process.once("exit", () => current.kill("SIGTERM"));
  current.once("exit", (code, signal) => {
    if (child === current) child = undefined;
    logLine("error", "sandbox provider exited", { code, signal });
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (current.exitCode !== null) throw new Error(`sandbox provider exited with code ${current.exitCode}`);
    if (await answers(env.paymentsApiUrl)) return "started";
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`sandbox provider did not answer on ${env.paymentsApiUrl} within 90 s`);
}
