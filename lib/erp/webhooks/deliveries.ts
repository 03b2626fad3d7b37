import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { webhookDeliveries, webhookDeliveryAttempts, type WebhookDeliveryRow } from "@/lib/db/schema";
import type { Actor } from "@/lib/domain/actor";
import { ApiError } from "@/lib/http/api-error";
import { getEndpointRow } from "./endpoints";
import type { WebhookDelivery } from "./schema";

/** Deliveries listed per endpoint, newest first. */
const LIST_LIMIT = 100;

/** An endpoint's latest deliveries, each with its attempts (status, time, answer excerpt). */
export async function listDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  await getEndpointRow(db, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.eventPosition))
    .limit(LIST_LIMIT);
  return withHistory(db, rows);
}

async function withHistory(db: Db, rows: WebhookDeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = rows.length
    ? await db.select().from(webhookDeliveryAttempts).where(inArray(webhookDeliveryAttempts.deliveryId, rows.map((r) => r.id))).orderBy(webhookDeliveryAttempts.at, webhookDeliveryAttempts.id)
    : [];
  return rows.map((row) => ({
    id: row.id,
    webhook_id: row.webhookId,
    event_id: String(row.eventPosition),
    event_type: row.eventType,
    state: row.state as WebhookDelivery["state"],
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    history: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({ at: a.at.toISOString(), status: a.status, excerpt: a.excerpt, error: a.error, duration_ms: a.durationMs })),
  }));
}

/** Sends a delivery once more, now (same webhook-id, so a receiver that had it drops the repeat). */
export async function retryDelivery(db: Db, endpointId: string, deliveryId: string, actor: Actor, now = new Date()): Promise<WebhookDelivery> {
  await getEndpointRow(db, endpointId);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ state: "pending", nextAttemptAt: now, leaseUntil: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .returning();
    if (!updated) throw new ApiError("not_found", "validation.erp.delivery");
    await recordAudit({ actor, action: "webhook_endpoint.retry_delivery", target: endpointId, outcome: "success", detail: { delivery: deliveryId, webhook_id: updated.webhookId }, ip: actor.ip ?? null }, tx);
    return updated;
  });
  const [view] = await withHistory(db, [row]);
  return view!;
}
