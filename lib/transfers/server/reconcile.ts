import "server-only";
import { and, eq, inArray, isNotNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { reconciliationFindings, transferRequests, webhookEvents } from "@/lib/db/schema";
import { logLine } from "@/lib/http/logger";
import { getPayment, isPaymentsApiError, listPayments } from "@/lib/payments-api";
import { formatListParam } from "@/lib/pix";
import { expireApprovals } from "./expiry";
import { followPayment } from "./follow";

/** The provider status recorded on a "missing_at_provider" finding (its unique key needs one). */
const MISSING_STATUS = "not_found";
/** Pages of the provider list read per run (100 payments each). */
const MAX_LIST_PAGES = 20;

export type ReconcileSettings = {
  /** In-flight requests untouched for this long are queued again (their job was lost). */
  staleSeconds: number;
  /** Registered payments not final after this long are read again. */
  refreshMinutes: number;
  /** The recent window of the provider list compared with the notifications received. */
  windowHours: number;
};

type ReconcileReport = { requeued: number; refreshed: number; missed: number; expired: number };

type Requeue = (items: Array<{ id: string; startAfter: Date }>) => Promise<void>;

/**
 * The reconciler (a scheduled queue job, every minute by default): what the engine alone could
 * leave behind, settled or put in front of a person.
 * 1. requests in flight whose job was lost (a crash between two steps) are queued again: their
 *    next submission reads back before anything is sent;
 * 2. registered payments not yet final are read again after `refreshMinutes` and followed to
 *    `paid` or `provider_canceled` (lib/transfers/server/follow.ts: when webhooks are lost, this alone
 *    brings them to the end); one the provider no longer knows (404) is a "missing at provider"
 *    finding;
 * 3. the provider's list for the recent window is compared with the notifications received:
 *    every payment whose latest status never arrived as a webhook is a "missed notification"
 *    finding (once per payment and status), listed on /reconciliation until someone resolves it;
 * 4. requests waiting for approval past their expiry are expired.
 */
export async function reconcile(db: Db, settings: ReconcileSettings, requeue: Requeue, now = new Date()): Promise<ReconcileReport> {
  const report: ReconcileReport = { requeued: 0, refreshed: 0, missed: 0, expired: 0 };
  report.expired = await expireApprovals(db, now);
  report.requeued = await requeueStale(db, settings, requeue, now);
  report.refreshed = await refreshRegistered(db, settings, now);
  report.missed = await findMissedNotifications(db, settings, now);
  if (report.requeued || report.refreshed || report.missed || report.expired) logLine("info", "reconciled", report);
  return report;
}

async function requeueStale(db: Db, settings: ReconcileSettings, requeue: Requeue, now: Date): Promise<number> {
  const t = transferRequests;
  const stale = new Date(now.getTime() - settings.staleSeconds * 1000);
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        lt(t.updatedAt, stale),
        or(
          and(eq(t.state, "approved"), or(sql`${t.nextAttemptAt} is null`, lte(t.nextAttemptAt, now))),
          and(eq(t.state, "outcome_unknown"), or(sql`${t.nextAttemptAt} is null`, lte(t.nextAttemptAt, now))),
          // A payable whose day came and whose job was lost.
          and(eq(t.state, "scheduled"), lte(t.nextAttemptAt, now)),
          and(eq(t.state, "submitting"), lt(t.leaseUntil, now)),
        ),
      ),
    )
    .limit(1_000);
  if (rows.length) await requeue(rows.map((r) => ({ id: r.id, startAfter: now })));
  return rows.length;
}

async function refreshRegistered(db: Db, settings: ReconcileSettings, now: Date): Promise<number> {
  const t = transferRequests;
  const before = new Date(now.getTime() - settings.refreshMinutes * 60_000);
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.state, "registered"),
        or(sql`${t.providerCheckedAt} is null`, lt(t.providerCheckedAt, before)),
      ),
    )
    .limit(100);
  let refreshed = 0;
  for (const row of rows) {
    try {
      const payment = await getPayment(row.idempotentId);
      await db.transaction((tx) => followPayment(tx, payment, "reconciler", now));
      refreshed++;
    } catch (err) {
      if (!isPaymentsApiError(err)) throw err;
      logLine("warn", "reconciler could not read a registered payment", { transfer_id: row.id, kind: err.kind });
      if (err.kind === "not_found") {
        // The provider accepted it once and now says it does not exist: a person must look. Read
        // again only after refreshMinutes, not at every run.
        await db.transaction(async (tx) => {
          await tx.update(t).set({ providerCheckedAt: now }).where(eq(t.id, row.id));
          await tx
            .insert(reconciliationFindings)
            .values({
              kind: "missing_at_provider",
              idempotentId: row.idempotentId,
              referenceCode: row.referenceCode,
              providerStatus: MISSING_STATUS,
              valueCents: row.valueCents,
              detail: { transfer_id: row.id, last_known_status: row.providerStatus },
              foundAt: now,
            })
            .onConflictDoNothing();
        });
      }
    }
  }
  return refreshed;
}

/**
 * Payments compared: those of the window that this back office registered, or that notified us
 * at least once (a payment another system registered never announced itself to us: nothing is
 * expected of it). A status is missed when no accepted notification carried it and it has been
 * reached for longer than the provider's retries need (it retries every minute for 10 minutes;
 * `staleSeconds` is the allowance here, the status dates tell when it was reached).
 */
async function findMissedNotifications(db: Db, settings: ReconcileSettings, now: Date): Promise<number> {
  const from = new Date(now.getTime() - settings.windowHours * 3_600_000);
  const payments = [];
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    const answer = await listPayments({
      page,
      registration_start_date: formatListParam(from),
      registration_end_date: formatListParam(now),
    }).catch((err: unknown) => {
      if (isPaymentsApiError(err)) {
        logLine("warn", "reconciler could not list the provider's payments", { kind: err.kind });
        return null;
      }
      throw err;
    });
    if (!answer) break;
    payments.push(...answer.payments);
    if (page >= answer.meta.total_pages) break;
  }
  const notifying = payments.filter((p) => p.status !== "authorization_pending");
  if (!notifying.length) return 0;
  const ids = [...new Set(notifying.map((p) => p.idempotent_id))];
  const [ours, notified] = await Promise.all([
    db.select({ id: transferRequests.idempotentId }).from(transferRequests).where(inArray(transferRequests.idempotentId, ids)),
    db
      .select({ id: webhookEvents.idempotentId, status: webhookEvents.status })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.result, "accepted"), isNotNull(webhookEvents.idempotentId), inArray(webhookEvents.idempotentId, ids))),
  ]);
  const known = new Set([...ours.map((r) => r.id), ...notified.map((r) => r.id ?? "")]);
  const arrived = new Set(notified.map((r) => `${r.id}|${r.status}`));
  const graceEnds = now.getTime() - settings.staleSeconds * 1000;
  let missed = 0;
  for (const p of notifying) {
    if (!known.has(p.idempotent_id) || arrived.has(`${p.idempotent_id}|${p.status}`)) continue;
    const reachedAt = Date.parse(p.cancellation_date ?? p.payment_date ?? p.registration_date);
    if (!(reachedAt <= graceEnds)) continue;
    const inserted = await db
      .insert(reconciliationFindings)
      .values({
        kind: "missed_notification",
        idempotentId: p.idempotent_id,
        referenceCode: p.reference_code,
        providerStatus: p.status,
        valueCents: p.value_cents,
        detail: { receiver_name: p.receiver_name, registration_date: p.registration_date, status_since: new Date(reachedAt).toISOString() },
        foundAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reconciliationFindings.id });
    missed += inserted.length;
  }
  return missed;
}
