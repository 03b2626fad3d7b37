import "server-only";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { alertDeliveries, type AlertDeliveryRow } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/config";
import { renderDelivery } from "./messages";
import type { AlertDelivery } from "./types";
import { backoffDelay } from "@/lib/domain/backoff";

/**
 * Messages decided and sent: a row per e-mail or webhook post, written in the transaction that
 * decided it (its UNIQUE key makes a second decision a no-op), then sent by the queue. A send
 * claims the row first (one sender at a time, across instances), and a failure is kept on the row
 * with the next try: 30 s, 1 min, 2 min... capped at 1 h, given up after MAX_ATTEMPTS (the alert
 * stays, showing the failure).
 */
export const MAX_ATTEMPTS = 10;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 3_600_000;
/** A sender that died mid-send leaves its claim; after this the row may be sent again. */
const CLAIM_MS = 120_000;

export function backoffMs(attempts: number): number {
  return backoffDelay(attempts, { base: BACKOFF_BASE_MS, cap: BACKOFF_CAP_MS });
}

export type PlannedDelivery = {
  key: string;
  channel: "email" | "webhook";
  kind: string;
  alertId?: number | null;
  recipientId?: string | null;
  address: string;
  locale: Locale;
  payload: Record<string, unknown>;
};

/** Writes the deliveries not decided before (by key); the ids of the new ones, for the queue. */
export async function planDeliveries(tx: Tx, items: readonly PlannedDelivery[], now: Date): Promise<number[]> {
  if (!items.length) return [];
  const rows = await tx
    .insert(alertDeliveries)
    .values(items.map((d) => ({ ...d, alertId: d.alertId ?? null, recipientId: d.recipientId ?? null, createdAt: now, nextAttemptAt: now })))
    .onConflictDoNothing({ target: alertDeliveries.key })
    .returning({ id: alertDeliveries.id });
  return rows.map((r) => r.id);
}

/** How messages leave: null when that channel is not configured (nothing configured, nothing sent). */
export type Transports = {
  sendMail: ((message: { to: string; subject: string; text: string }) => Promise<void>) | null;
  postWebhook: ((body: string) => Promise<void>) | null;
};

/** A failure that another try cannot fix (a mailbox refused for good). */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentDeliveryError";
  }
}

export type DeliveryResult = { status: "sent" } | { status: "retry"; at: Date } | { status: "failed" } | { status: "skipped" };

/** Sends one delivery if it is due and nobody else holds it; records what happened. */
export async function deliverOne(db: Db, id: number, transports: Transports, now = new Date()): Promise<DeliveryResult> {
  const d = alertDeliveries;
  const [row] = await db
    .update(d)
    .set({ claimUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(d.id, id), eq(d.state, "pending"), lte(d.nextAttemptAt, now), or(isNull(d.claimUntil), lt(d.claimUntil, now))))
    .returning();
  if (!row) return { status: "skipped" };
  const attempts = row.attempts + 1;
  try {
    await send(row, transports);
  } catch (error) {
    const message = errorText(error);
    const giveUp = error instanceof PermanentDeliveryError || attempts >= MAX_ATTEMPTS;
    const at = new Date(now.getTime() + backoffMs(attempts));
    await db
      .update(d)
      .set({ attempts, lastError: message, claimUntil: null, ...(giveUp ? { state: "failed" } : { nextAttemptAt: at }) })
      .where(eq(d.id, id));
    return giveUp ? { status: "failed" } : { status: "retry", at };
  }
  await db.update(d).set({ attempts, state: "sent", sentAt: now, lastError: null, claimUntil: null }).where(eq(d.id, id));
  return { status: "sent" };
}

async function send(row: AlertDeliveryRow, transports: Transports): Promise<void> {
  const message = renderDelivery(row);
  if (row.channel === "webhook") {
    if (!transports.postWebhook) throw new PermanentDeliveryError("ALERT_WEBHOOK_URL is not set any more");
    await transports.postWebhook(message.body);
    return;
  }
  if (!transports.sendMail) throw new PermanentDeliveryError("SMTP_URL is not set any more");
  await transports.sendMail({ to: row.address, subject: message.subject, text: message.body });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name === "Error" ? "" : `${error.name}: `}${error.message}` : String(error);
  return text.slice(0, 500);
}

/** Deliveries due now that nobody holds (the tick queues them again: a lost job never loses one). */
export async function dueDeliveries(db: Db, now: Date, limit = 500): Promise<Array<{ id: number; at: Date }>> {
  const d = alertDeliveries;
  const rows = await db
    .select({ id: d.id, at: d.nextAttemptAt })
    .from(d)
    .where(and(eq(d.state, "pending"), lte(d.nextAttemptAt, now), or(isNull(d.claimUntil), lt(d.claimUntil, now))))
    .orderBy(asc(d.nextAttemptAt))
    .limit(limit);
  return rows;
}

/** Each alert's deliveries, as the alerts list shows them (the webhook's address is never shown). */
export async function deliveriesOf(db: Db, alertIds: readonly number[]): Promise<Map<number, AlertDelivery[]>> {
  const out = new Map<number, AlertDelivery[]>();
  if (!alertIds.length) return out;
  const rows = await db.select().from(alertDeliveries).where(inArray(alertDeliveries.alertId, [...alertIds])).orderBy(asc(alertDeliveries.id));
  for (const r of rows) {
    if (r.alertId === null) continue;
    const list = out.get(r.alertId) ?? [];
    list.push({
      channel: r.channel === "webhook" ? "webhook" : "email",
      to: r.channel === "webhook" ? "webhook" : r.address,
      state: r.state === "sent" ? "sent" : r.state === "failed" ? "failed" : "pending",
      attempts: r.attempts,
      last_error: r.lastError,
      next_attempt_at: r.state === "pending" ? r.nextAttemptAt.toISOString() : null,
      sent_at: r.sentAt?.toISOString() ?? null,
    });
    out.set(r.alertId, list);
  }
  return out;
}

/** Tests and the settings page: how many are waiting to be sent. */
export async function pendingCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(alertDeliveries).where(eq(alertDeliveries.state, "pending"));
  return Number(row?.n ?? 0);
}
