import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { authUser, pushDeliveries, pushSubscriptions } from "@/lib/db/schema";
import { decidersWithDevices } from "./deciders";
import { pushPayload } from "./payload";
import type { PushSend } from "./send";
import { dropExpiredSubscription, subscriptionsOf } from "./store";
import { pushSubjectOf, type PushSubject } from "./subjects";

export type PushWorkOptions = { db: Db; send: PushSend; appUrl: string };
export type PushReport = { subject: string | null; sent: number; gone: number; failed: number };

/**
 * What the push job does for a transfer or batch that changed:
 * - it waits for approval: each device of each person who may decide it gets ONE push (a row
 *   per subject, device and kind, written before sending: heard again on any instance, it is
 *   not sent again);
 * - it no longer waits: each device that was told it waits gets a "decided" push with the same
 *   tag, which replaces the notification.
 * A push service answering 404/410 loses the subscription. Other failures stay unsent and are
 * reported: the job is tried again (pg-boss), and sends only what is still unsent.
 */
export async function pushForChange(o: PushWorkOptions, changed: { kind: "transfer" | "batch"; id: string }, now: Date = new Date()): Promise<PushReport> {
  const subject = await pushSubjectOf(o.db, changed);
  if (!subject) return { subject: null, sent: 0, gone: 0, failed: 0 };
  const kind = subject.awaiting ? "awaiting" : "decided";
  const people = subject.awaiting ? await planAwaiting(o.db, subject, now) : await planDecided(o.db, subject);
  if (!people) return { subject: subject.key, sent: 0, gone: 0, failed: 0 };
  const due = await o.db
    .select({ sub: pushSubscriptions, locale: authUser.locale, attempts: pushDeliveries.attempts })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .innerJoin(authUser, eq(authUser.id, pushDeliveries.userId))
    .where(and(eq(pushDeliveries.subject, subject.key), eq(pushDeliveries.kind, kind), isNull(pushDeliveries.sentAt), people === "all" ? undefined : inArray(pushDeliveries.userId, people)));
  const report: PushReport = { subject: subject.key, sent: 0, gone: 0, failed: 0 };
  for (const { sub, locale, attempts } of due) {
    const key = and(eq(pushDeliveries.subject, subject.key), eq(pushDeliveries.subscriptionId, sub.id), eq(pushDeliveries.kind, kind));
    // Claimed by counting the attempt: a job running the same subject at once (two occurrences of
    // a series changed together) finds the count moved and leaves this one to it.
    const claimed = await o.db
      .update(pushDeliveries)
      .set({ attempts: sql`${pushDeliveries.attempts} + 1` })
      .where(and(key, isNull(pushDeliveries.sentAt), eq(pushDeliveries.attempts, attempts)))
      .returning({ attempts: pushDeliveries.attempts });
    if (!claimed.length) continue;
    const outcome = await o.send(sub, pushPayload(subject, kind, { locale, appUrl: o.appUrl }));
    if (outcome.status === "sent") {
      report.sent++;
      await o.db.update(pushDeliveries).set({ sentAt: now, lastError: null }).where(key);
      await o.db.update(pushSubscriptions).set({ lastSentAt: now }).where(eq(pushSubscriptions.id, sub.id));
    } else if (outcome.status === "gone") {
      report.gone++;
      await dropExpiredSubscription(o.db, sub.id);
    } else {
      report.failed++;
      await o.db.update(pushDeliveries).set({ lastError: outcome.error }).where(key);
    }
  }
  return report;
}

/** Rows for every device of every person who may decide it; the people to send to now. */
async function planAwaiting(db: Db, subject: PushSubject, now: Date): Promise<string[] | null> {
  const people = await decidersWithDevices(db, subject, now);
  if (!people.length) return null;
  const devices = await subscriptionsOf(db, people.map((p) => p.id));
  if (!devices.length) return null;
  await db
    .insert(pushDeliveries)
    .values(devices.map((d) => ({ subject: subject.key, subscriptionId: d.id, kind: "awaiting", userId: d.userId, createdAt: now })))
    .onConflictDoNothing();
  return people.map((p) => p.id);
}

/** Rows for every device that was told it waits (whoever they belong to now). */
async function planDecided(db: Db, subject: PushSubject): Promise<"all" | null> {
  const told = await db
    .select({ subscriptionId: pushDeliveries.subscriptionId, userId: pushDeliveries.userId })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.subject, subject.key), eq(pushDeliveries.kind, "awaiting"), isNotNull(pushDeliveries.sentAt)));
  if (!told.length) return null;
  await db
    .insert(pushDeliveries)
    .values(told.map((d) => ({ subject: subject.key, subscriptionId: d.subscriptionId, kind: "decided", userId: d.userId })))
    .onConflictDoNothing();
  return "all";
}
