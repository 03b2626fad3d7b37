import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { paymentWebhookSchema, webhookMd5Text, type PaymentWebhook } from "@/lib/contract";
import type { RejectReason } from "./names";

/**
 * Verification of a webhook delivery, in the order that leaks least and costs least:
 * Authorization header first (before the body is even read), then the body as JSON, its shape
 * (paymentWebhookSchema), then the md5 the provider documents:
 * MD5("payment.{reference_code}.{idempotent_id}.{value_cents}.{secret_key}").
 *
 * Note: the md5 covers reference, id and value, not the status or dates. The status shown to
 * users is always read back from the provider (the live update only triggers that read), so a
 * replayed message with an edited status cannot change what the back office displays.
 */

/** SHA-256 both sides so timingSafeEqual gets equal lengths and the length is not leaked. */
export function safeEqualText(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b);
}

export function authorizationMatches(header: string | null, expected: string): boolean {
  // Always compare (even when the header is missing) so both paths take the same time.
  const ok = safeEqualText(header ?? "", expected);
  return ok && header !== null && expected.length > 0;
}

export function expectedMd5(message: PaymentWebhook["message"], secretKey: string): string {
  return createHash("md5").update(webhookMd5Text(message, secretKey), "utf8").digest("hex");
}

export function md5Matches(given: string, message: PaymentWebhook["message"], secretKey: string): boolean {
  const expected = Buffer.from(expectedMd5(message, secretKey), "hex");
  const actual = Buffer.from(given.toLowerCase(), "hex");
  if (actual.length !== expected.length) return false;
  return timingSafeEqual(actual, expected);
}

/** What a refused body claimed, for the support log. Never trusted, never linked as verified. */
export type Claimed = { idempotent_id: string | null; status: string | null };

export type BodyVerdict =
  | { ok: true; webhook: PaymentWebhook }
  | { ok: false; reason: Exclude<RejectReason, "authorization" | "too_large">; claimed: Claimed };

const clip = (v: unknown, max = 200): string | null => (typeof v === "string" && v ? v.slice(0, max) : null);

function claimedFrom(value: unknown): Claimed {
  const message = (value as { message?: Record<string, unknown> } | null)?.message;
  if (!message || typeof message !== "object") return { idempotent_id: null, status: null };
  return { idempotent_id: clip(message.idempotent_id), status: clip(message.status, 40) };
}

/** Body checks of a delivery whose Authorization already matched. */
export function verifyBody(text: string, secretKey: string): BodyVerdict {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "malformed_json", claimed: { idempotent_id: null, status: null } };
  }
  const parsed = paymentWebhookSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: "invalid_payload", claimed: claimedFrom(value) };
  if (!md5Matches(parsed.data.md5, parsed.data.message, secretKey)) {
    return { ok: false, reason: "md5", claimed: claimedFrom(value) };
  }
  return { ok: true, webhook: parsed.data };
}

export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/**
 * Reads at most `limit` bytes of a request body, stopping (and cancelling the stream) as soon
 * as it is exceeded, so an oversized body is never held whole in memory.
 */
export async function readBodyWithLimit(
  request: Request,
  limit = MAX_WEBHOOK_BODY_BYTES,
): Promise<{ text: string } | { tooLarge: true }> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) return { tooLarge: true };
  if (!request.body) return { text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString("utf8") };
}
