import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { erpEvents, webhookDeliveries, webhookDispatch, webhookEndpoints } from "@/lib/db/schema";
import { numberPendingEvents } from "../feed";
import { matchesAny } from "./patterns";

/** Events turned into deliveries per transaction. */
const DISPATCH_BATCH = 500;

/** The Standard Webhooks message id of a feed event: the same for every endpoint and attempt. */
export const webhookIdOf = (position: number) => `evt_${position}`;

/**
 * Turns committed feed events into deliveries, one per endpoint whose patterns match, in feed
 * order. The dispatcher's place in the feed is a row locked for the transaction, so two
 * instances never queue one event twice (and the unique (endpoint, event) index says so too).
 * An endpoint receives what happens while it is enabled; what it missed is in the feed.
 * Returns how many events it read (0: caught up).
 */
export async function dispatchEvents(db: Db, now: Date): Promise<number> {
  await numberPendingEvents(db);
  return db.transaction(async (tx) => {
    const [cursor] = await tx.select().from(webhookDispatch).where(eq(webhookDispatch.id, 1)).for("update");
    const last = cursor?.lastPosition ?? 0;
    const events = await tx.select().from(erpEvents).where(gt(erpEvents.position, last)).orderBy(asc(erpEvents.position)).limit(DISPATCH_BATCH);
    if (!events.length) return 0;
    const endpoints = await tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.enabled, true), isNull(webhookEndpoints.deletedAt)));
    const rows = events.flatMap((event) =>
      endpoints
        .filter((endpoint) => matchesAny(event.type, endpoint.events))
        .map((endpoint) => ({
          id: randomUUID(),
          endpointId: endpoint.id,
          eventPosition: event.position!,
          eventType: event.type,
          webhookId: webhookIdOf(event.position!),
          payload: { type: event.type, timestamp: event.at.toISOString(), data: event.data },
          nextAttemptAt: now,
          createdAt: now,
        })),
    );
    for (let i = 0; i < rows.length; i += 500) await tx.insert(webhookDeliveries).values(rows.slice(i, i + 500)).onConflictDoNothing();
    const reached = events.at(-1)!.position!;
    await tx
      .insert(webhookDispatch)
      .values({ id: 1, lastPosition: reached })
      .onConflictDoUpdate({ target: webhookDispatch.id, set: { lastPosition: reached } });
    return events.length;
  });
}
