import "server-only";
import type { ServerEnv } from "@/lib/env";
import { logLine } from "@/lib/http/logger";
import { isPaymentsApiError } from "./errors";
import { listWebhooks } from "./webhook-admin";
import { registerWebhook } from "./webhooks";

/**
 * Where the provider must deliver: our receiver. In sandbox mode the sandbox runs beside us and
 * calls the server directly; with a real provider, the public address (APP_URL).
 */
export function webhookReceiverUrl(env: Pick<ServerEnv, "sandboxMode" | "port" | "appUrl">): string {
  const base = env.sandboxMode ? `http://127.0.0.1:${env.port}` : env.appUrl.replace(/\/+$/, "");
  return `${base}/api/webhooks/pix`;
}

/** Both types go to our one receiver, which tells them apart by `notification_type`. */
export const OUR_WEBHOOK_TYPES = [2, 1] as const;

type WebhookSetupResult = {
  url: string;
  /** Per type: registered now, or already there (GET /v1/webhooks showed our URL). */
  types: { typeId: 1 | 2; action: "registered" | "kept" }[];
};

type WebhookSetupOptions = {
  /** The receiver's public address, e.g. https://backoffice.example.com/api/webhooks/pix. */
  url: string;
  /** The Authorization value every delivery must carry (PAYMENTS_WEBHOOK_AUTHORIZATION). */
  authorization: string;
  /**
   * Register even when our URL is already listed. The listing never shows the Authorization
   * value, so after rotating it (or in sandbox mode, where it is generated) registration must be forced.
   */
  force?: boolean;
};

/**
 * Registers the back office's webhook receiver with the provider for payments (type 2) and QR
 * codes (type 1), idempotently: a type whose registration already points at our URL is left
 * alone, so restarts and several instances do not re-register. Called at server start.
 */
export async function ensureWebhookRegistrations(o: WebhookSetupOptions): Promise<WebhookSetupResult> {
  let current: { typeId: number; url: string }[] = [];
  if (!o.force) {
    try {
      current = await listWebhooks();
    } catch (err) {
      // A provider without the listing (or a failing one): registering again is harmless.
      if (!isPaymentsApiError(err)) throw err;
      logLine("warn", "could not list webhook registrations; registering", { error: err.message });
    }
  }
  const types: WebhookSetupResult["types"] = [];
  for (const typeId of OUR_WEBHOOK_TYPES) {
    if (current.some((w) => w.typeId === typeId && w.url === o.url)) {
      types.push({ typeId, action: "kept" });
      continue;
    }
    await registerWebhook(typeId, o.url, o.authorization);
    types.push({ typeId, action: "registered" });
  }
  return { url: o.url, types };
}
