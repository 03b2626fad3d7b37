// npm run sandbox: the sandbox provider on its own, configured from the environment.
import { startSandbox, type SandboxOptions } from "./server";

function intEnv(name: string): number | undefined {
  const v = process.env[name];
  if (v === undefined || v.trim() === "") return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a non-negative integer, got "${v}"`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const storeEnv = process.env.SANDBOX_STORE?.trim();
  const options: SandboxOptions = {
    port: intEnv("SANDBOX_PORT") ?? 4010,
    seed: intEnv("SANDBOX_SEED"),
    seedCount: intEnv("SANDBOX_SEED_COUNT"),
    clockStepMs: intEnv("SANDBOX_CLOCK_STEP_MS") || undefined,
    webhookRetryMs: intEnv("SANDBOX_WEBHOOK_RETRY_MS") || undefined,
    store: !storeEnv ? undefined : storeEnv === "memory" ? "memory" : { dir: storeEnv },
  };
  const sandbox = await startSandbox(options);
  console.log(`sandbox listening on ${sandbox.url} (${sandbox.state().payments.total} payments)`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    sandbox
      .close()
      .then(() => process.exit(0))
      .catch((e: unknown) => {
        console.error(`sandbox: error while closing on ${signal}:`, e);
        process.exit(1);
      });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // Started by the back office (lib/embedded-sandbox.ts): stdin is a pipe from the parent, so
  // its end means the parent is gone, even if it was killed with SIGKILL. Exit with it.
  if (process.env.SANDBOX_EXIT_ON_STDIN_CLOSE === "1") {
    process.stdin.on("end", () => stop("parent exit"));
    process.stdin.on("close", () => stop("parent exit"));
    process.stdin.resume();
  }
}

main().catch((e: unknown) => {
  console.error("sandbox failed to start:", e instanceof Error ? e.message : e);
  process.exit(1);
});
