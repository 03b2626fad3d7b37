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
  log("starting", { node: process.version, sandbox: env.sandboxMode });
  if (!env.company) {
    // Not fatal: nothing but the comprovantes needs them, and those are refused (503) until they are set.
    console.warn(JSON.stringify({ level: "warn", msg: "COMPANY_NAME and COMPANY_DOCUMENT are not set: comprovantes cannot be issued (see /settings/provider)" }));
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
    // Alerts ride on the engine's queue and hear transfer changes on the event bus.
    const { startAlerts } = await import("./alerts/runtime");
    await startAlerts();
    log("alerts started", { email: env.notify.smtpUrl ? "smtp" : env.notify.mailCatcher ? "catcher" : "off", webhook: env.notify.webhookUrl ? "on" : "off" });
    await registerOurWebhooks(env);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "startup failed", error: String(error) }));
    process.exit(1);
  }
}

/**
 * Payments (type 2) and QR codes (type 1) delivered to our receiver. With the sandbox it must work
 * (the Authorization is generated per deployment, so registration is forced); with a real provider a
 * failure is logged and the start goes on: /settings/provider shows what is missing.
 */
async function registerOurWebhooks(env: ReturnType<typeof getEnv>): Promise<void> {
  const { ensureWebhookRegistrations, webhookReceiverUrl } = await import("./payments-api/webhook-setup");
  const url = webhookReceiverUrl(env);
  try {
    const result = await ensureWebhookRegistrations({ url, authorization: env.webhookAuthorization, force: env.sandboxMode });
    log("webhook receiver registered", { url, types: result.types });
  } catch (error) {
    if (env.sandboxMode) throw error;
    console.error(JSON.stringify({ level: "error", msg: "webhook registration failed; see /settings/provider", url, error: String(error) }));
  }
}
