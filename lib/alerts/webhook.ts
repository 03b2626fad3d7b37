import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The outgoing alert webhook: JSON posted to ALERT_WEBHOOK_URL, its body signed with
 * HMAC-SHA256 under ALERT_WEBHOOK_SECRET, sent as `X-Signature: sha256=<hex>`. The receiver
 * computes the same over the raw bytes it got and compares in constant time (`verifySignature`).
 */
export const SIGNATURE_HEADER = "x-signature";
const TIMEOUT_MS = 10_000;

export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** What a receiver does with `X-Signature` (also what our tests do). */
export function verifySignature(body: string, signature: string | null | undefined, secret: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signBody(body, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export class WebhookDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookDeliveryError";
  }
}

/** Posts one body; anything but a 2xx is a failure (retried by the queue). */
export function webhookPoster(url: string, secret: string): (body: string) => Promise<void> {
  return async (body) => {
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signBody(body, secret), "user-agent": "pix-backoffice-alerts" },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
    await res.body?.cancel().catch(() => undefined);
    if (res.status < 200 || res.status >= 300) throw new WebhookDeliveryError(`the webhook answered ${res.status}`);
  };
}
