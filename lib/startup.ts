import { ConfigError, getEnv } from "./env";

function log(msg: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level: "info", msg, ...extra }));
}

/** Server start sequence (called from instrumentation.ts). Fails fast and loudly. */
export async function startServer(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  try {
    if (env.sandboxMode) {
      const { ensureEmbeddedSandbox } = await import("./embedded-sandbox");
      const state = await ensureEmbeddedSandbox(env);
      log(`sandbox provider ${state}`, { url: env.paymentsApiUrl });
    }
    const { initStore } = await import("./db/init");
    await initStore();
    log("store ready", { engine: env.databaseUrl ? "postgresql" : "pglite" });
    // The payout engine: the job queue's workers and the reconciler run in every instance.
    const { startTransferEngine } = await import("./transfers/runtime");
    await startTransferEngine();
    log("transfer engine started", { reconcile: env.reconcile.cron });
    if (env.sandboxMode) {
      const { registerWebhook } = await import("./payments-api");
      const url = `http://127.0.0.1:${env.port}/api/webhooks/pix`;
      await registerWebhook(2, url, env.webhookAuthorization);
      log("webhook receiver registered with the sandbox", { url });
    }
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "startup failed", error: String(error) }));
    process.exit(1);
  }
}
