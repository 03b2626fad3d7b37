/**
 * The webhook event log's plain values (no zod): shared by the server and by the browser's
 * live updates, which run on every page.
 */
/**
 * Why a delivery was refused, the HTTP status the receiver answered, and the words of that answer
 * (read by the provider, so in English). Screens word a reason with `events.rejectReasons`.
 */
export const REJECT_REASONS = {
  authorization: { status: 401, label: "Authorization header missing or wrong" },
  too_large: { status: 413, label: "Body larger than 64 KiB" },
  malformed_json: { status: 400, label: "Body is not valid JSON" },
  invalid_payload: { status: 400, label: "Body is not a payment or QR code notification" },
  md5: { status: 401, label: "md5 does not match the message" },
  // Verified deliveries the provider's own record does not confirm: answered 200 (the provider
  // stops retrying) and kept in the log with what disagreed; nothing is changed or pushed as a change.
  unknown_payment: { status: 200, label: "The provider has no such payment" },
  unknown_qrcode: { status: 200, label: "The provider has no such QR code" },
  status_mismatch: { status: 200, label: "The provider reports another status" },
  data_mismatch: { status: 200, label: "The provider's record differs from the delivery" },
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;

export const EVENT_RESULT_FILTERS = ["accepted", "rejected", "duplicate"] as const;
export type EventResultFilter = (typeof EVENT_RESULT_FILTERS)[number];

/** What a stored delivery is about: a payment (type 2) or a QR code (type 1). */
export const EVENT_KINDS = ["payment", "qrcode"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * Unauthenticated deliveries (wrong Authorization) a source address may send per minute before
 * it is answered 429; they are counted (webhook_auth_failures), never stored as events one by one.
 */
export const WEBHOOK_AUTH_FAILURES_PER_MINUTE = 20;

/**
 * Provider read-backs a payment's (or QR code's) deliveries may cause per minute. A status change
 * needs one; the provider's own retries a few more; past this the delivery is answered 503 with
 * Retry-After (the provider retries later), so replays cannot turn into calls to the provider.
 */
export const WEBHOOK_READBACKS_PER_MINUTE = 3;

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
  /**
   * A change of a transfer, batch or charge, as GET /api/events/feed returns it (same `id`). Its
   * `id:` is the stream's resume point (see lib/events/sse.ts), so Last-Event-ID replays what was missed.
   */
  change: "change",
  /** A transfer request changed state (no `id:`: transfers are refetched, not replayed). */
  transfer: "transfer",
  /** Alerts were raised, taken on or resolved: the bell refetches (no `id:`, not replayed). */
  alert: "alert",
} as const;
