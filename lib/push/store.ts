import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { pushSubscriptions, type PushSubscriptionRow } from "@/lib/db/schema";
import type { PushDevice } from "./answers";
import type { PushSubscriptionInput } from "./schema";

/** The devices of one person, newest first. */
export async function listPushSubscriptions(db: Tx, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt));
}

/** The devices of these people. */
export async function subscriptionsOf(db: Tx, userIds: readonly string[]): Promise<PushSubscriptionRow[]> {
  if (!userIds.length) return [];
  return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...userIds]));
}

/**
 * Keeps a device's subscription for this person. An endpoint is one browser profile: subscribed
 * again, its keys are renewed; subscribed by someone else who signed in on that browser, it is
 * theirs from now on (pushes follow whoever uses the device now).
 */
export async function savePushSubscription(db: Tx, userId: string, input: PushSubscriptionInput, userAgent: string | null, now: Date = new Date()): Promise<PushSubscriptionRow> {
  const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ id: randomUUID(), endpoint: input.endpoint, createdAt: now, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning();
  return row!;
}

/** Removes one of this person's devices; false when it was not theirs (or not there). */
export async function removePushSubscription(db: Tx, userId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The push service said this subscription is gone (404/410): it is never used again. */
export async function dropExpiredSubscription(db: Db, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function toPushDevice(row: PushSubscriptionRow): PushDevice {
  return {
    endpoint: row.endpoint,
    user_agent: row.userAgent,
    created_at: row.createdAt.toISOString(),
    last_sent_at: row.lastSentAt ? row.lastSentAt.toISOString() : null,
  };
}
