import { ConfigError, getEnv } from "./env";
import { logLine } from "./http/logger";
import type { KeepRegisteredOptions } from "./webhook-registration";

/**
 * Server start sequence (called from instrumentation.ts). Fails fast and loudly. At the default
 * level it says a few lines (Node, the sandbox, the store, the address); then the server logs
 * only warnings and errors.
 */
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
  logLine("info", "starting", { node: process.version, mode: env.sandboxMode ? "sandbox" : "provider" });
  if (!env.company) {
    // Not fatal: nothing but the comprovantes needs them, and those are refused (503) until they are set.
    logLine("warn", "COMPANY_NAME and COMPANY_DOCUMENT are not set: comprovantes cannot be issued (see /settings/provider)");
  }
  try {
    if (env.sandboxMode) {
      const { ensureEmbeddedSandbox } = await import("./embedded-sandbox");
      const state = await ensureEmbeddedSandbox(env);
      logLine("info", `sandbox provider ${state}`, { url: env.paymentsApiUrl });
    }
    const { initStore } = await import("./db/init");
    const { describe } = await initStore();
    logLine("info", "store ready", { store: describe });
    // The payout engine: the job queue's workers and the reconciler run in every instance.
    const { startTransferEngine } = await import("./transfers/server/runtime");
    await startTransferEngine();
    logLine("debug", "transfer engine started", { reconcile: env.reconcile.cron });
    // Alerts ride on the engine's queue and hear transfer changes on the event bus.
    const { startAlerts } = await import("./alerts/runtime");
    await startAlerts();
    logLine("debug", "alerts started", { email: env.notify.smtpUrl ? "smtp" : env.notify.mailCatcher ? "catcher" : "off", webhook: env.notify.webhookUrl ? "on" : "off" });
    // Web Push to approvers' devices rides on the same queue and bus (only with VAPID keys).
    const { startPush } = await import("./push/runtime");
    await startPush();
    logLine("debug", "push started", { push: env.push ? "on" : "off" });
    // The company's webhook endpoints (the ERP): deliveries from the change feed.
    const { startErpWebhooks } = await import("./erp/webhooks/runtime");
    await startErpWebhooks();
    const webhooks = await registerOurWebhooks(env);
    logLine("info", "started", { url: env.appUrl, webhooks });
  } catch (error) {
    logLine("error", "startup failed", { error });
    process.exit(1);
  }
}

/**
 * Payments (type 2) and QR codes (type 1) delivered to our receiver, registered at every start
 * (the provider replaces a registration in place): after PAYMENTS_WEBHOOK_AUTHORIZATION is
 * rotated, the provider must send the new value, and its listing never shows which one it has.
 * With the embedded sandbox it must work at once. With a provider that is down or late, the start
 * goes on and lib/webhook-registration.ts keeps trying at its backoff until it holds; meanwhile
 * /api/ready answers `degraded` and the `webhooks_unregistered` alert follows.
 */
export async function registerOurWebhooks(
  env: ReturnType<typeof getEnv>,
  retry: Pick<KeepRegisteredOptions, "wait" | "now"> = {},
): Promise<"registered" | "retrying"> {
  const { ensureWebhookRegistrations, webhookReceiverUrl } = await import("./payments-api/webhook-setup");
  const { keepWebhooksRegistered } = await import("./webhook-registration");
  const url = webhookReceiverUrl(env);
  const register = async () => {
    const result = await ensureWebhookRegistrations({ url, authorization: env.webhookAuthorization, force: true });
    logLine("debug", "webhook receiver registered", { url, types: result.types });
  };
  const state = await keepWebhooksRegistered({ register, ...retry }).first;
  // The embedded sandbox runs in this process: if it refuses, something is broken, not late.
  if (env.sandboxMode && state.status !== "registered") throw new Error(`the embedded sandbox refused the webhook registration: ${state.lastError}`);
  return state.status;
}
