import "server-only";
import { createHash } from "node:crypto";
import { and, count, desc, eq, gt, gte, or, sql, type SQL } from "drizzle-orm";
import type { PaymentWebhook, QrcodeWebhook, WebhookDelivery } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { webhookEventKeys, webhookEvents, type WebhookEventRow } from "@/lib/db/schema";
import { type EventKind, type EventResultFilter, type RejectReason } from "./names";
import { EVENT_LOG_PAGE_SIZE } from "@/lib/domain/pages";
import type { WebhookEvent } from "./schema";
import type { Claimed } from "./verify";

/** Rejected deliveries kept for support; older ones are dropped as new ones come. */
const REJECTED_KEEP = 500;

/**
 * One status change = one key: a repeat delivery of the same change (the provider retries until
 * it gets a 200, or answers got lost) maps to the same row.
 */
export function dedupeKey(message: PaymentWebhook["message"]): string {
  const parts = [
    message.idempotent_id,
    message.reference_code,
    message.status,
    message.payment_date ?? "",
    message.cancellation_date ?? "",
  ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

/** A QR code's change (it was paid): its own key space, apart from payments'. */
function qrcodeDedupeKey(message: QrcodeWebhook["message"]): string {
  const parts = ["qrcode", message.reference_code, message.status, message.payment_date ?? "", message.end_to_end ?? ""];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

// Status of the payment's (or QR code's) previous accepted event (null for rejected rows and
// first events). Outer columns are written qualified by hand: Drizzle leaves them bare in a
// single-table select, and bare names inside the subquery would resolve to its own alias.
const previousStatus = sql<string | null>`case
  when "webhook_events"."result" = 'accepted' and "webhook_events"."kind" = 'qrcode' then (
    select p.status from webhook_events p
    where p.reference_code = "webhook_events"."reference_code" and p.kind = 'qrcode' and p.result = 'accepted' and p.id < "webhook_events"."id"
    order by p.id desc limit 1)
  when "webhook_events"."result" = 'accepted' then (
    select p.status from webhook_events p
    where p.idempotent_id = "webhook_events"."idempotent_id" and p.result = 'accepted' and p.id < "webhook_events"."id"
    order by p.id desc limit 1) end`;

const eventColumns = {
  row: webhookEvents,
  previousStatus,
};

const iso = (d: Date | string): string => (d instanceof Date ? d : new Date(d)).toISOString();

function toEvent(r: { row: WebhookEventRow; previousStatus: string | null }): WebhookEvent {
  const { row } = r;
  const detail = row.result === "rejected" ? row.payload?.detail : undefined;
  return {
    id: row.id,
    received_at: iso(row.receivedAt),
    last_seen_at: iso(row.lastSeenAt),
    kind: row.kind === "qrcode" ? "qrcode" : "payment",
    result: row.result === "accepted" ? "accepted" : "rejected",
    reason: row.reason,
    detail: typeof detail === "string" ? detail : null,
    idempotent_id: row.idempotentId,
    reference_code: row.referenceCode,
    status: row.status,
    previous_status: r.previousStatus ?? null,
    value_cents: row.valueCents,
    end_to_end: row.endToEnd,
    repeat_count: row.repeatCount,
  };
}

export async function getEvent(db: Db, id: number): Promise<WebhookEvent | null> {
  const rows = await db.select(eventColumns).from(webhookEvents).where(eq(webhookEvents.id, id)).limit(1);
  return rows[0] ? toEvent(rows[0]) : null;
}

/**
 * Stores a confirmed notification once: the receiver passes the provider's own record as the
 * message (read back, not the delivery's). A repeat of the same change only counts
 * (repeat_count + 1, last_seen_at = now). The change's key is claimed in webhook_event_keys first
 * (the events are partitioned by month and cannot hold a unique key): of two concurrent deliveries
 * one claims it and writes the event, the other waits for that commit and counts the repeat.
 */
export async function recordAccepted(
  db: Db,
  webhook: WebhookDelivery,
  meta: { ip?: string | null; digest?: string } = {},
): Promise<{ event: WebhookEvent; duplicate: boolean }> {
  const values =
    webhook.notification_type === "pix_payment"
      ? {
          kind: "payment",
          dedupeKey: dedupeKey(webhook.message),
          idempotentId: webhook.message.idempotent_id,
          referenceCode: webhook.message.reference_code,
          status: webhook.message.status,
          valueCents: webhook.message.value_cents,
          endToEnd: webhook.message.end_to_end,
        }
      : {
          kind: "qrcode",
          dedupeKey: qrcodeDedupeKey(webhook.message),
          idempotentId: null,
          referenceCode: webhook.message.reference_code,
          status: webhook.message.status,
          valueCents: webhook.message.value_cents,
          endToEnd: webhook.message.end_to_end,
        };
  const row = {
    result: "accepted",
    ...values,
    payload: webhook.message as unknown as Record<string, unknown>,
    ip: meta.ip ?? null,
    deliveryDigest: meta.digest ?? null,
  };
  // now() is the transaction's: the key and its event carry the same received_at (the event's partition).
  const stored = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(webhookEventKeys)
      .values({ dedupeKey: values.dedupeKey, receivedAt: sql`now()` })
      .onConflictDoNothing()
      .returning({ dedupeKey: webhookEventKeys.dedupeKey });
    if (claimed) {
      const [inserted] = await tx
        .insert(webhookEvents)
        .values({ ...row, receivedAt: sql`now()` })
        .returning({ id: webhookEvents.id });
      return inserted ? { id: inserted.id, duplicate: false } : undefined;
    }
    // Repeats of one change take turns here (an archived first event is re-kept once, not twice).
    await tx
      .select({ key: webhookEventKeys.dedupeKey })
      .from(webhookEventKeys)
      .where(eq(webhookEventKeys.dedupeKey, values.dedupeKey))
      .for("update");
    const [counted] = await tx
      .update(webhookEvents)
      .set({
        repeatCount: sql`${webhookEvents.repeatCount} + 1`,
        lastSeenAt: sql`now()`,
        deliveryDigest: sql`coalesce(${webhookEvents.deliveryDigest}, ${row.deliveryDigest})`,
      })
      .where(
        and(
          eq(webhookEvents.dedupeKey, values.dedupeKey),
          sql`${webhookEvents.receivedAt} = (select k.received_at from ${webhookEventKeys} k where k.dedupe_key = ${values.dedupeKey})`,
        ),
      )
      .returning({ id: webhookEvents.id });
    if (counted) return { id: counted.id, duplicate: true };
    // Its first event is in an archived month (npm run archive): this repeat is kept as a new
    // event of this month, counted as a repeat, and the key points at it.
    const [again] = await tx
      .insert(webhookEvents)
      .values({ ...row, receivedAt: sql`now()`, repeatCount: 1 })
      .returning({ id: webhookEvents.id });
    if (!again) return undefined;
    await tx
      .update(webhookEventKeys)
      .set({ receivedAt: sql`now()` })
      .where(eq(webhookEventKeys.dedupeKey, values.dedupeKey));
    return { id: again.id, duplicate: true };
  });
  if (!stored) throw new Error("webhook event was not stored");
  const event = await getEvent(db, stored.id);
  if (!event) throw new Error(`webhook event ${stored.id} vanished`);
  return { event, duplicate: stored.duplicate };
}

/** sha256 of a verified delivery body: the key of "this very delivery was confirmed already". */
export function deliveryDigest(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

/**
 * A delivery whose exact body was already confirmed and stored (same payment, same status, same
 * everything): its repeat is only counted, in one statement, and no provider read-back is made.
 * Null when no stored event came from this body.
 */
export async function countRepeatOf(db: Db, digest: string): Promise<WebhookEvent | null> {
  const [row] = await db
    .update(webhookEvents)
    .set({ repeatCount: sql`${webhookEvents.repeatCount} + 1`, lastSeenAt: sql`now()` })
    .where(and(eq(webhookEvents.deliveryDigest, digest), eq(webhookEvents.result, "accepted")))
    .returning({ id: webhookEvents.id });
  return row ? getEvent(db, row.id) : null;
}

/** Keeps a refused delivery for the log (what it claimed, untrusted), then trims old ones. */
export async function recordRejected(
  db: Db,
  reason: RejectReason,
  claimed: Claimed | null,
  meta: { ip?: string | null } = {},
  keep = REJECTED_KEEP,
): Promise<WebhookEvent> {
  const [stored] = await db
    .insert(webhookEvents)
    .values({
      result: "rejected",
      kind: claimed?.kind ?? "payment",
      reason,
      idempotentId: claimed?.idempotent_id ?? null,
      referenceCode: claimed?.reference_code ?? null,
      status: claimed?.status ?? null,
      payload: claimed?.detail ? { detail: claimed.detail } : null,
      ip: meta.ip ?? null,
    })
    .returning({ id: webhookEvents.id });
  if (!stored) throw new Error("rejected delivery was not stored");
  await db.execute(sql`delete from webhook_events where result = 'rejected' and id <= (
    select id from webhook_events where result = 'rejected' order by id desc offset ${keep} limit 1)`);
  const event = await getEvent(db, stored.id);
  if (!event) throw new Error(`webhook event ${stored.id} vanished`);
  return event;
}

/** Stored events newer than `afterId`, oldest first (SSE catch-up). */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<WebhookEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(webhookEvents)
    .where(gt(webhookEvents.id, afterId))
    .orderBy(webhookEvents.id)
    .limit(limit);
  return rows.map(toEvent);
}

/** Stored events first received at or after `since`, oldest first (a fresh stream's replay). */
export async function eventsReceivedSince(db: Db, since: Date, limit: number): Promise<WebhookEvent[]> {
  const rows = await db
    .select(eventColumns)
    .from(webhookEvents)
    .where(gte(webhookEvents.receivedAt, since))
    .orderBy(webhookEvents.id)
    .limit(limit);
  return rows.map(toEvent);
}

export async function latestEventId(db: Db): Promise<number> {
  const rows = await db.select({ id: sql<number | string | null>`max(${webhookEvents.id})` }).from(webhookEvents);
  return Number(rows[0]?.id ?? 0);
}

type EventLogFilter = { payment?: string; result?: EventResultFilter; kind?: EventKind; page?: number };

function whereOf(f: EventLogFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (f.payment) {
    parts.push(or(eq(webhookEvents.idempotentId, f.payment), eq(webhookEvents.referenceCode, f.payment)));
  }
  if (f.result === "accepted") parts.push(eq(webhookEvents.result, "accepted"));
  if (f.result === "rejected") parts.push(eq(webhookEvents.result, "rejected"));
  if (f.result === "duplicate") parts.push(and(eq(webhookEvents.result, "accepted"), gt(webhookEvents.repeatCount, 0)));
  if (f.kind) parts.push(eq(webhookEvents.kind, f.kind));
  return parts.length ? and(...parts) : undefined;
}

/** A page of the event log, newest first. */
export async function listEvents(db: Db, f: EventLogFilter, pageSize = EVENT_LOG_PAGE_SIZE) {
  const page = Math.max(1, f.page ?? 1);
  const where = whereOf(f);
  const [rows, totals] = await Promise.all([
    db
      .select(eventColumns)
      .from(webhookEvents)
      .where(where)
      .orderBy(desc(webhookEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(webhookEvents).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return {
    events: rows.map(toEvent),
    meta: { total, page, page_size: pageSize, total_pages: Math.ceil(total / pageSize) },
  };
}

/**
 * The provider's own receipt page of a payment: the `receipt_url` of the newest accepted
 * notification of it that carried one (the payload keeps the whole message), or null.
 */
export async function receiptUrlOf(db: Db, idempotentId: string): Promise<string | null> {
  const url = sql<string | null>`${webhookEvents.payload}->>'receipt_url'`;
  const rows = await db
    .select({ url })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.kind, "payment"), eq(webhookEvents.result, "accepted"), eq(webhookEvents.idempotentId, idempotentId), sql`${url} is not null`))
    .orderBy(desc(webhookEvents.id))
    .limit(1);
  const found = rows[0]?.url?.trim();
  return found && /^https?:\/\//i.test(found) ? found : null;
}
