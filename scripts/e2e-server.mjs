// Starts the production server for e2e on a fresh store and a fresh embedded sandbox.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";

const dataDir = ".data/e2e";
rmSync(dataDir, { recursive: true, force: true });

const appPort = process.env.E2E_APP_PORT ?? "3100";
const sandboxPort = process.env.E2E_SANDBOX_PORT ?? "4110";

const env = {
  ...process.env,
  PORT: appPort,
  SANDBOX_PORT: sandboxPort,
  DATA_DIR: dataDir,
  APP_URL: `http://localhost:${appPort}`,
  SANDBOX_STORE: "memory",
  // Lifecycle driven by tests through /_control/advance; webhook retries compressed.
  SANDBOX_CLOCK_STEP_MS: process.env.SANDBOX_CLOCK_STEP_MS ?? "2000",
  SANDBOX_WEBHOOK_RETRY_MS: "500",
  PAYMENTS_API_TIMEOUT_MS: "4000",
  PAYMENTS_API_REGISTER_TIMEOUT_MS: "4000",
  LOG_LEVEL: "warn",
};
delete env.PAYMENTS_API_URL;
delete env.DATABASE_URL;

const server = spawn("node_modules/.bin/next", ["start", "-p", appPort], { env, stdio: "inherit", detached: true });
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
