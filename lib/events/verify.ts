import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import {
  qrcodeWebhookMd5Text,
  webhookDeliverySchema,
  webhookMd5Text,
  type PaymentWebhook,
  type QrcodeWebhook,
  type WebhookDelivery,
} from "@/lib/contract";
import { jsonTooDeep, readBoundedBody } from "@/lib/http/body";
import { findUnsafeText } from "@/lib/http/unsafe-text";
import type { RejectReason } from "./names";

/**
 * Verification of a webhook delivery, in the order that leaks least and costs least:
 * Authorization header first (before the body is even read), then the body as JSON, its shape
 * (a payment or a QR code notification, told apart by `notification_type`), then the md5 the
 * provider documents: MD5("payment.{reference_code}.{idempotent_id}.{value_cents}.{secret_key}"),
 * or MD5("qrcode.{reference_code}.{end_to_end}.{value_cents}.{secret_key}") for QR codes.
 *
 * The md5 covers neither the status nor the dates: a verified delivery is only a hint. The
 * receiver reads the payment (or QR code) back from the provider before storing anything, and
 * stores the provider's record (lib/events/receiver.ts).
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

/** The md5 a delivery must carry: over the payment fields, or the QR code fields. */
function expectedMd5(delivery: Pick<PaymentWebhook, "notification_type" | "message"> | Pick<QrcodeWebhook, "notification_type" | "message">, secretKey: string): string {
  const text =
    delivery.notification_type === "pix_payment"
      ? webhookMd5Text(delivery.message, secretKey)
      : qrcodeWebhookMd5Text(delivery.message, secretKey);
  return createHash("md5").update(text, "utf8").digest("hex");
}

function md5Matches(given: string, delivery: WebhookDelivery, secretKey: string): boolean {
  const expected = Buffer.from(expectedMd5(delivery, secretKey), "hex");
  const actual = Buffer.from(given.toLowerCase(), "hex");
  if (actual.length !== expected.length) return false;
  return timingSafeEqual(actual, expected);
}

/**
 * What a refused body claimed, for the support log. Never trusted, never linked as verified.
 * `detail` says what did not match (a read-back that disagreed), in plain words.
 */
export type Claimed = {
  idempotent_id: string | null;
  status: string | null;
  reference_code?: string | null;
  kind?: "payment" | "qrcode";
  detail?: string | null;
};

type BodyVerdict =
  | { ok: true; delivery: WebhookDelivery }
  | { ok: false; reason: Exclude<RejectReason, "authorization" | "too_large">; claimed: Claimed };

const clip = (v: unknown, max = 200): string | null => (typeof v === "string" && v ? v.slice(0, max) : null);

export function kindOf(notificationType: unknown): "payment" | "qrcode" {
  return notificationType === "pix_qrcode" || notificationType === "pix_static_qrcode" ? "qrcode" : "payment";
}

function claimedFrom(value: unknown): Claimed {
  const body = value as { notification_type?: unknown; message?: Record<string, unknown> } | null;
  const message = body?.message;
  const kind = kindOf(body?.notification_type);
  if (!message || typeof message !== "object") return { idempotent_id: null, status: null, kind };
  return {
    idempotent_id: kind === "payment" ? clip(message.idempotent_id) : null,
    status: clip(message.status, 40),
    reference_code: clip(message.reference_code),
    kind,
  };
}

/** Body checks of a delivery whose Authorization already matched. */
export function verifyBody(text: string, secretKey: string): BodyVerdict {
  let value: unknown;
  // Nested past any delivery's shape: refused as unreadable before anything is built from it.
  if (jsonTooDeep(text)) return { ok: false, reason: "malformed_json", claimed: { idempotent_id: null, status: null } };
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "malformed_json", claimed: { idempotent_id: null, status: null } };
  }
  // A NUL byte or half a character is refused before anything is read from it (or logged).
  if (findUnsafeText(value)) return { ok: false, reason: "invalid_payload", claimed: { idempotent_id: null, status: null } };
  const parsed = webhookDeliverySchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: "invalid_payload", claimed: claimedFrom(value) };
  if (!md5Matches(parsed.data.md5, parsed.data, secretKey)) {
    return { ok: false, reason: "md5", claimed: claimedFrom(value) };
  }
  return { ok: true, delivery: parsed.data };
}

export const MAX_WEBHOOK_BODY_BYTES = 64 * 1024;

/**
 * Reads at most `limit` bytes of a request body through the one bounded reader
 * (lib/http/body.ts): a declared or counted size over it stops the read, nothing more is held.
 */
export async function readBodyWithLimit(
  request: Request,
  limit = MAX_WEBHOOK_BODY_BYTES,
): Promise<{ text: string } | { tooLarge: true }> {
  const read = await readBoundedBody(request, limit);
  return "tooLarge" in read ? read : { text: new TextDecoder().decode(read.bytes) };
}
