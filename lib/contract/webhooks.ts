import "@/lib/zod-config";
import { z } from "zod";
import { paymentListItemSchema } from "./payment";
import { qrcodeListItemSchema } from "./qrcode-list";

/** GET /v1/webhooks/types: 1 = pix_qrcodes, 2 = pix_payments. */
export const WEBHOOK_TYPES = [
  { id: 1, name: "pix_qrcodes" },
  { id: 2, name: "pix_payments" },
] as const;
/** POST /v1/webhooks/{type_id} body. */
export const registerWebhookSchema = z.object({
  url: z.string().url().max(2048),
  authorization: z.string().min(1).max(512),
});

/**
 * A payment delivery: md5 = MD5("payment.{reference_code}.{idempotent_id}.{value_cents}.{secret_key}").
 */
export const paymentWebhookSchema = z.object({
  notification_type: z.literal("pix_payment"),
  message: paymentListItemSchema.extend({ receipt_url: z.string().nullish() }),
  md5: z.string().regex(/^[0-9a-f]{32}$/i),
});
export type PaymentWebhook = z.infer<typeof paymentWebhookSchema>;

/** Notification types of type-1 (QR code) deliveries: dynamic and static codes. */
const QRCODE_NOTIFICATION_TYPES = ["pix_qrcode", "pix_static_qrcode"] as const;

/**
 * A QR code delivery (a charge was paid): the QR code list item, md5 =
 * MD5("qrcode.{reference_code}.{end_to_end}.{value_cents}.{secret_key}").
 */
export const qrcodeWebhookSchema = z.object({
  notification_type: z.enum(QRCODE_NOTIFICATION_TYPES),
  message: qrcodeListItemSchema,
  md5: z.string().regex(/^[0-9a-f]{32}$/i),
});
export type QrcodeWebhook = z.infer<typeof qrcodeWebhookSchema>;

/** Either kind of delivery, told apart by `notification_type`. */
export const webhookDeliverySchema = z.discriminatedUnion("notification_type", [paymentWebhookSchema, qrcodeWebhookSchema]);
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export function webhookMd5Text(p: {
  reference_code: string;
  idempotent_id: string;
  value_cents: number;
}, secretKey: string): string {
  return `payment.${p.reference_code}.${p.idempotent_id}.${p.value_cents}.${secretKey}`;
}

/** The md5 text of a QR code delivery; a missing end_to_end counts as empty. */
export function qrcodeWebhookMd5Text(q: {
  reference_code: string;
  end_to_end: string | null;
  value_cents: number;
}, secretKey: string): string {
  return `qrcode.${q.reference_code}.${q.end_to_end ?? ""}.${q.value_cents}.${secretKey}`;
}
