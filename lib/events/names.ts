/**
 * The webhook event log's plain values (no zod): shared by the server and by the browser's
 * live updates, which run on every page.
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

export const EVENT_RESULT_FILTERS = ["accepted", "rejected", "duplicate"] as const;
export type EventResultFilter = (typeof EVENT_RESULT_FILTERS)[number];

export const EVENT_LOG_PAGE_SIZE = 25;

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
  /** A transfer request changed state (no `id:`: transfers are refetched, not replayed). */
  transfer: "transfer",
} as const;
