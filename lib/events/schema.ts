import "@/lib/zod-config";
import { z } from "zod";

/**
 * Shapes of the webhook event log, shared by the server (store, SSE, routes) and the browser
 * (live updates, /events). Client-safe: no I/O here.
 */

/** Why a delivery was refused, and the HTTP status the receiver answered. */
export const REJECT_REASONS = {
  authorization: { status: 401, label: "Authorization header missing or wrong" },
  too_large: { status: 413, label: "Body larger than 64 KiB" },
  malformed_json: { status: 400, label: "Body is not valid JSON" },
  invalid_payload: { status: 400, label: "Body is not a payment notification" },
  md5: { status: 401, label: "md5 does not match the message" },
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;
export const REJECT_REASON_KEYS = Object.keys(REJECT_REASONS) as [RejectReason, ...RejectReason[]];

export function rejectReasonLabel(reason: string | null): string {
  return (REJECT_REASONS as Record<string, { label: string }>)[reason ?? ""]?.label ?? reason ?? "Unknown reason";
}

/**
 * One stored delivery. For rejected rows the payment fields are what the sender claimed
 * (untrusted, may be null); `previous_status` is only known for accepted rows.
 */
export const webhookEventSchema = z.object({
  id: z.number().int().positive(),
  received_at: z.string(),
  last_seen_at: z.string(),
  result: z.enum(["accepted", "rejected"]),
  reason: z.string().nullable(),
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

export const EVENT_RESULT_FILTERS = ["accepted", "rejected", "duplicate"] as const;
export type EventResultFilter = (typeof EVENT_RESULT_FILTERS)[number];

export const EVENT_LOG_PAGE_SIZE = 25;

/** Query of GET /api/events/log. `payment` matches an idempotent_id or a reference_code exactly. */
export const eventLogQuerySchema = z.object({
  payment: z.string().trim().min(1).max(200).optional(),
  result: z.enum(EVENT_RESULT_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
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
});
export type EventLogAnswer = z.infer<typeof eventLogAnswerSchema>;

/** SSE event names of GET /api/events. */
export const SSE_EVENTS = {
  /** A stored delivery (new change or rejected delivery); carries `id:`. */
  webhook: "webhook",
  /** A repeat of an already stored change; no `id:` (it is not newer than what was seen). */
  repeat: "webhook-repeat",
  /** First message of a fresh connection: `id:` is the newest stored event. */
  ready: "ready",
  /** Too much was missed to replay: refresh everything. */
  resync: "resync",
} as const;
