import "@/lib/zod-config";
import { z } from "zod";
import { storePageSchema } from "@/lib/domain/list-params";
import { EVENT_KINDS, EVENT_RESULT_FILTERS } from "./names";

/**
 * Shapes of the webhook event log: the routes parse with these; the browser uses their types
 * (and the plain values of names.ts) without shipping zod. Client-safe: no I/O here.
 */

/**
 * One stored delivery. For rejected rows the payment fields are what the sender claimed
 * (untrusted, may be null); `previous_status` is only known for accepted rows.
 */
const webhookEventSchema = z.object({
  id: z.number().int().positive(),
  received_at: z.string(),
  last_seen_at: z.string(),
  /** A payment's change (type 2) or a QR code's (type 1, a charge paid). Always sent; absent reads as "payment". */
  kind: z.enum(EVENT_KINDS).optional(),
  result: z.enum(["accepted", "rejected"]),
  reason: z.string().nullable(),
  /** Rejected after the read-back: what the provider's record said instead, in plain words. */
  detail: z.string().nullish(),
  idempotent_id: z.string().nullable(),
  reference_code: z.string().nullable(),
  status: z.string().nullable(),
  previous_status: z.string().nullable(),
  value_cents: z.number().int().nullable(),
  end_to_end: z.string().nullable(),
  /** Further deliveries of the same change (0: delivered once). */
  repeat_count: z.number().int().nonnegative(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * Query of GET /api/events/log. `payment` matches an idempotent_id or a reference_code (of a
 * payment or a QR code) exactly; `kind` keeps payments' or QR codes' deliveries only.
 */
export const eventLogQuerySchema = z.object({
  payment: z.string().trim().min(1).max(200).optional(),
  result: z.enum(EVENT_RESULT_FILTERS).optional(),
  kind: z.enum(EVENT_KINDS).optional(),
  page: storePageSchema(),
});
export type EventLogQuery = z.input<typeof eventLogQuerySchema>;

export const eventLogAnswerSchema = z.object({
  events: z.array(webhookEventSchema),
  meta: z.object({
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    page_size: z.number().int().positive(),
    total_pages: z.number().int().nonnegative(),
  }),
}).meta({ id: "EventLogPage" });
export type EventLogAnswer = z.infer<typeof eventLogAnswerSchema>;

/** POST /api/webhooks/pix: the delivery was taken (`duplicate`: seen before) or, when `accepted` is false, ignored with a reason. */
export const webhookReceiptAnswer = z.object({
  received: z.literal(true),
  id: z.union([z.string(), z.number()]).optional(),
  duplicate: z.boolean().optional(),
  accepted: z.literal(false).optional(),
  reason: z.string().optional(),
}).meta({ id: "WebhookReceipt" });
