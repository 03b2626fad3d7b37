import "server-only";
import { createHash } from "node:crypto";
import webpush from "web-push";
import type { PushSubscriptionRow } from "@/lib/db/schema";
import type { PushPayload } from "./payload";

export type PushOutcome = { status: "sent" } | { status: "gone"; code: number } | { status: "failed"; error: string };
export type PushSend = (subscription: Pick<PushSubscriptionRow, "endpoint" | "p256dh" | "auth">, payload: PushPayload) => Promise<PushOutcome>;
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** A day: an approval not seen within it has expired (APPROVAL_EXPIRY_HOURS defaults to 24). */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * web-push makes the request (VAPID, RFC 8292; payload encrypted aes128gcm, RFC 8291) and fetch
 * sends it, with a timeout. `topic` lets the push service replace a message still waiting for an
 * offline phone: "decided" replaces "awaiting". 404 and 410 mean the subscription is gone for
 * good (the caller drops it); anything else but 2xx is a failure to try again.
 */
export function webPushSender(vapid: VapidKeys, doFetch: typeof fetch = fetch): PushSend {
  return async (subscription, payload) => {
    try {
      const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: TTL_SECONDS,
        urgency: payload.kind === "awaiting" ? "high" : "normal",
        topic: topicOf(payload.tag),
        contentEncoding: "aes128gcm",
      });
      const response = await doFetch(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) return { status: "sent" };
      if (response.status === 404 || response.status === 410) return { status: "gone", code: response.status };
      return { status: "failed", error: `HTTP ${response.status}` };
    } catch (error) {
      return { status: "failed", error: error instanceof Error ? error.message.slice(0, 200) : String(error).slice(0, 200) };
    }
  };
}

/** A topic is at most 32 characters of the URL-safe base64 alphabet (RFC 8030). */
function topicOf(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}
