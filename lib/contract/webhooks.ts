import "@/lib/zod-config";
import { z } from "zod";
import { paymentListItemSchema } from "./payment";

/** GET /v1/webhooks/types: 1 = pix_qrcodes, 2 = pix_payments. */
export const WEBHOOK_TYPES = [
  { id: 1, name: "pix_qrcodes" },
  { id: 2, name: "pix_payments" },
] as const;
export const webhookTypesAnswerSchema = z.object({
  webhook_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** POST /v1/webhooks/{type_id} body. */
export const registerWebhookSchema = z.object({
  url: z.string().url().max(2048),
  authorization: z.string().min(1).max(512),
});
export type RegisterWebhook = z.infer<typeof registerWebhookSchema>;

/**
 * A delivery: md5 = MD5("payment.{reference_code}.{idempotent_id}.{value_cents}.{secret_key}").
 */
export const paymentWebhookSchema = z.object({
  notification_type: z.literal("pix_payment"),
  message: paymentListItemSchema.extend({ receipt_url: z.string().nullish() }),
  md5: z.string().regex(/^[0-9a-f]{32}$/i),
});
export type PaymentWebhook = z.infer<typeof paymentWebhookSchema>;

export function webhookMd5Text(p: {
  reference_code: string;
  idempotent_id: string;
  value_cents: number;
}, secretKey: string): string {
  return `payment.${p.reference_code}.${p.idempotent_id}.${p.value_cents}.${secretKey}`;
}
