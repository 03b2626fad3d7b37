import "server-only";
import { and, count, desc, eq, gt, lt, ne, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { alertReads, alerts, type AlertRow } from "@/lib/db/schema";
import { deliveriesOf } from "./deliveries";
import type { AlertListState } from "./list-states";
import { isAlertRule } from "./rules";
import type { Alert, AlertListMeta, AlertSubjectType } from "./types";
import { alertHref } from "./wording";

/**
 * Alerts as people see and handle them. Admins and support see every alert; an operator sees
 * those about their own transfers and batches (anyone else's is "not found", never "forbidden").
 * Acknowledging and resolving (./handling.ts) take a note and are audited in the same transaction.
 */
export const ALERTS_PAGE_SIZE = 25;
/** The bell's short list. */
const LATEST = 5;

export type Viewer = { id: string; email: string; all: boolean; ip?: string | null };

function visible(viewer: Viewer): SQL | undefined {
  return viewer.all ? undefined : eq(alerts.ownerId, viewer.id);
}

export async function listAlerts(db: Db, viewer: Viewer, q: { state: AlertListState; page: number }): Promise<{ alerts: Alert[]; meta: AlertListMeta }> {
  const where = and(q.state === "open" ? ne(alerts.state, "resolved") : eq(alerts.state, "resolved"), visible(viewer));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(alerts)
      .where(where)
      .orderBy(desc(q.state === "open" ? alerts.raisedAt : alerts.resolvedAt), desc(alerts.id))
      .limit(ALERTS_PAGE_SIZE)
      .offset((q.page - 1) * ALERTS_PAGE_SIZE),
    db.select({ n: count() }).from(alerts).where(where),
  ]);
  const total = Number(totals[0]?.n ?? 0);
  return { alerts: await toAlerts(db, rows), meta: { page: q.page, page_size: ALERTS_PAGE_SIZE, total, total_pages: Math.max(1, Math.ceil(total / ALERTS_PAGE_SIZE)) } };
}

/** The bell: live alerts this person may see that are newer than what they last saw, and the newest few. */
export async function bellOf(db: Db, viewer: Viewer): Promise<{ unread: number; latest: Alert[]; newest_id: number }> {
  const [read] = await db.select().from(alertReads).where(eq(alertReads.userId, viewer.id));
  const seen = read?.seenUpTo ?? 0;
  const live = and(ne(alerts.state, "resolved"), visible(viewer));
  const [unread, latest] = await Promise.all([
    db.select({ n: count() }).from(alerts).where(and(live, gt(alerts.id, seen))),
    db.select().from(alerts).where(live).orderBy(desc(alerts.id)).limit(LATEST),
  ]);
  return { unread: Number(unread[0]?.n ?? 0), latest: await toAlerts(db, latest), newest_id: latest[0]?.id ?? seen };
}

/** Everything up to `upTo` has been seen (never moves back). */
export async function markSeen(db: Db, userId: string, upTo: number, now = new Date()): Promise<void> {
  await db
    .insert(alertReads)
    .values({ userId, seenUpTo: upTo, at: now })
    .onConflictDoUpdate({ target: alertReads.userId, set: { seenUpTo: upTo, at: now }, setWhere: lt(alertReads.seenUpTo, upTo) });
}

/** The alert, locked until the caller's transaction ends, if this viewer may see it. */
export async function lockVisibleAlert(tx: Tx, id: number, viewer: Viewer): Promise<AlertRow | null> {
  const [locked] = await tx.select().from(alerts).where(and(eq(alerts.id, id), visible(viewer))).for("update");
  return locked ?? null;
}

/** Sets an alert's columns, only while `stillIn` holds (its state when locked); the row after. */
export async function updateAlert(tx: Tx, id: number, set: Partial<typeof alerts.$inferInsert>, stillIn: SQL): Promise<AlertRow> {
  const [updated] = await tx.update(alerts).set(set).where(and(eq(alerts.id, id), stillIn)).returning();
  return updated!;
}

export async function toAlerts(db: Db, rows: readonly AlertRow[]): Promise<Alert[]> {
  const deliveries = await deliveriesOf(db, rows.map((r) => r.id));
  return rows.flatMap((r) => {
    if (!isAlertRule(r.rule)) return [];
    const type = r.subjectType as AlertSubjectType;
    return [
      {
        id: r.id,
        rule: r.rule,
        state: r.state === "resolved" ? "resolved" : r.state === "acknowledged" ? "acknowledged" : "open",
        subject: { type, id: r.subjectId },
        href: alertHref(type, r.subjectId),
        facts: r.facts,
        raised_at: r.raisedAt.toISOString(),
        updated_at: r.updatedAt.toISOString(),
        acknowledged: r.acknowledgedAt && r.acknowledgedByEmail ? { by: r.acknowledgedByEmail, at: r.acknowledgedAt.toISOString(), note: r.acknowledgeNote ?? "" } : null,
        resolved: r.resolvedAt ? { by: r.resolvedByEmail, at: r.resolvedAt.toISOString(), note: r.resolutionNote } : null,
        deliveries: deliveries.get(r.id) ?? [],
      } satisfies Alert,
    ];
  });
}
