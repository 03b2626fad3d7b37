import "server-only";
import { and, count, desc, eq, gte, isNull, max, sql, sum } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db";
import { approvals, batches, transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { NOT_PAID_STATES } from "@/lib/transfers/states";
import { planDeliveries, type PlannedDelivery } from "./deliveries";
import type { NoticeKind, NoticePayload } from "./messages";
import { recipientsOf, type Recipient } from "./recipients";
import type { MailKind } from "./rules";

/**
 * E-mails about one transfer or batch (not alerts): approvers are told it awaits them, its maker
 * that it was approved, rejected, paid or canceled by the provider (a batch: approved, rejected,
 * completed). Each is decided once per subject and person (a UNIQUE key), so hearing the same
 * change on every instance, or again at the catch-up run, sends nothing twice. Only what happened
 * within NOTICE_WINDOW_MS is told: old news is not news.
 */
const NOTICE_WINDOW_MS = 3_600_000;

export type NoticeContext = { now: Date; appUrl: string };

/** The notices a transfer (or the batch it belongs to) calls for now; ids of the deliveries written. */
export async function planNotices(db: Db, subject: { kind: "transfer" | "batch"; id: string }, o: NoticeContext): Promise<number[]> {
  return db.transaction(async (tx) => {
    if (subject.kind === "batch") return planDeliveries(tx, await batchNotices(tx, subject.id, o), o.now);
    const [row] = await tx.select().from(transferRequests).where(eq(transferRequests.id, subject.id));
    if (!row) return [];
    if (row.batchId) return planDeliveries(tx, await batchNotices(tx, row.batchId, o), o.now);
    return planDeliveries(tx, await transferNotices(tx, row, o), o.now);
  });
}

/** Single transfers and batches that changed within the window (the catch-up run looks at these again). */
export async function recentSubjects(db: Db, now: Date): Promise<Array<{ kind: "transfer" | "batch"; id: string }>> {
  const since = new Date(now.getTime() - NOTICE_WINDOW_MS);
  const [singles, changedBatches] = await Promise.all([
    db.select({ id: transferRequests.id }).from(transferRequests).where(and(isNull(transferRequests.batchId), gte(transferRequests.updatedAt, since))).limit(1_000),
    db.select({ id: batches.id }).from(batches).where(and(gte(batches.updatedAt, since), sql`${batches.state} <> 'draft'`)).limit(200),
  ]);
  return [...singles.map((r) => ({ kind: "transfer" as const, id: r.id })), ...changedBatches.map((b) => ({ kind: "batch" as const, id: b.id }))];
}

const recent = (at: Date | null | undefined, o: NoticeContext) => !!at && at.getTime() >= o.now.getTime() - NOTICE_WINDOW_MS;

async function transferNotices(tx: Tx, row: TransferRequestRow, o: NoticeContext): Promise<PlannedDelivery[]> {
  const base: NoticePayload = {
    subject_type: "transfer",
    subject_id: row.id,
    href: `/transfers/${row.id}`,
    app_url: o.appUrl,
    value_cents: row.valueCents,
    receiver_name: row.receiverName,
    receiver_document: row.receiverDocument,
    maker_email: row.makerEmail,
  };
  const key = (kind: NoticeKind, r: Recipient) => `${kind}:transfer:${row.id}:${r.id}`;
  if (row.state === "awaiting_approval") {
    const approved = await tx.select({ id: approvals.approverId }).from(approvals).where(eq(approvals.transferId, row.id));
    const people = await deciders(tx, [row.makerId, row.submittedById, ...approved.map((a) => a.id)]);
    return people.map((r) => mail("awaiting_approval", key("awaiting_approval", r), r, { ...base, at: row.expiresAt?.toISOString() ?? null }));
  }
  const out: PlannedDelivery[] = [];
  const maker = async (kind: MailKind) => recipientsOf(tx, kind, { ids: [row.makerId] });
  if (row.approvalsRequired > 0 && !["rejected", "canceled", "expired"].includes(row.state)) {
    const [last] = await tx.select().from(approvals).where(eq(approvals.transferId, row.id)).orderBy(desc(approvals.at)).limit(1);
    if (last && recent(last.at, o)) for (const r of await maker("approved")) out.push(mail("approved", key("approved", r), r, { ...base, by_email: last.approverEmail }));
  }
  if (row.state === "rejected" && recent(row.updatedAt, o)) {
    const [event] = await tx.select().from(transferEvents).where(and(eq(transferEvents.transferId, row.id), eq(transferEvents.toState, "rejected"))).limit(1);
    for (const r of await maker("rejected")) out.push(mail("rejected", key("rejected", r), r, { ...base, by_email: event?.actorEmail ?? null, reason: row.decisionReason }));
  }
  if (row.state === "paid" && recent(row.settledAt, o)) {
    for (const r of await maker("paid")) out.push(mail("paid", key("paid", r), r, { ...base, end_to_end: row.endToEnd, at: (row.paymentDate ?? row.settledAt)?.toISOString() ?? null }));
  }
  if (row.state === "provider_canceled" && recent(row.settledAt, o)) {
    for (const r of await maker("provider_canceled")) {
      out.push(mail("provider_canceled", key("provider_canceled", r), r, { ...base, reason: row.cancellationReason, at: (row.cancellationDate ?? row.settledAt)?.toISOString() ?? null }));
    }
  }
  return out;
}

async function batchNotices(tx: Tx, batchId: string, o: NoticeContext): Promise<PlannedDelivery[]> {
  const [batch] = await tx.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.state === "draft") return [];
  const t = transferRequests;
  const [totals] = await tx.select({ rows: count(), cents: sum(t.valueCents) }).from(t).where(eq(t.batchId, batchId));
  const base: NoticePayload = {
    subject_type: "batch",
    subject_id: batch.id,
    href: `/batches/${batch.id}`,
    app_url: o.appUrl,
    value_cents: Number(totals?.cents ?? batch.totalCents),
    rows: Number(totals?.rows ?? batch.valid),
    file_name: batch.fileName,
    maker_email: batch.makerEmail,
  };
  const key = (kind: NoticeKind, r: Recipient) => `${kind}:batch:${batch.id}:${r.id}`;
  if (batch.state === "awaiting_approval") {
    const approved = await tx
      .selectDistinct({ id: approvals.approverId })
      .from(approvals)
      .innerJoin(t, eq(t.id, approvals.transferId))
      .where(eq(t.batchId, batchId));
    const people = await deciders(tx, [batch.makerId, batch.submittedById, ...approved.map((a) => a.id)]);
    return people.map((r) => mail("awaiting_approval", key("awaiting_approval", r), r, { ...base, at: batch.expiresAt?.toISOString() ?? null }));
  }
  const out: PlannedDelivery[] = [];
  const maker = async (kind: MailKind) => recipientsOf(tx, kind, { ids: [batch.makerId] });
  if (batch.approvalsRequired > 0 && (batch.state === "sending" || batch.state === "completed")) {
    const [last] = await tx
      .select({ at: max(approvals.at), email: sql<string>`(array_agg(${approvals.approverEmail} order by ${approvals.at} desc))[1]` })
      .from(approvals)
      .innerJoin(t, eq(t.id, approvals.transferId))
      .where(eq(t.batchId, batchId));
    const at = last?.at ? new Date(last.at) : null;
    if (recent(at, o)) for (const r of await maker("approved")) out.push(mail("approved", key("approved", r), r, { ...base, by_email: last?.email ?? null }));
  }
  if (batch.state === "rejected" && recent(batch.updatedAt, o)) {
    for (const r of await maker("rejected")) out.push(mail("rejected", key("rejected", r), r, { ...base, reason: batch.decisionReason }));
  }
  if (batch.state === "completed" && recent(batch.finishedAt, o)) {
    const counts = await tx.select({ state: t.state, n: count() }).from(t).where(eq(t.batchId, batchId)).groupBy(t.state);
    const n = (states: readonly string[]) => counts.filter((c) => states.includes(c.state)).reduce((s, c) => s + Number(c.n), 0);
    const payload = { ...base, paid_rows: n(["paid"]), not_paid_rows: n(NOT_PAID_STATES) };
    // A batch's rows end together: one summary under the "paid" choice instead of one e-mail per row.
    for (const r of await maker("paid")) out.push(mail("batch_completed", key("batch_completed", r), r, payload));
  }
  return out;
}

/**
 * Who is told that something awaits a decision: the approvers who may decide it (never its maker
 * or submitter, nor someone who already approved it); when no approver would be told, the admins
 * who may.
 */
async function deciders(tx: Tx, excluded: Array<string | null>): Promise<Recipient[]> {
  const out = (list: Recipient[]) => list.filter((r) => !excluded.includes(r.id));
  const approvers = out(await recipientsOf(tx, "awaiting_approval", { roles: ["approver"] }));
  return approvers.length ? approvers : out(await recipientsOf(tx, "awaiting_approval", { roles: ["admin"] }));
}

function mail(kind: NoticeKind, key: string, r: Recipient, payload: NoticePayload): PlannedDelivery {
  return { key, channel: "email", kind, recipientId: r.id, address: r.email, locale: r.locale, payload: payload as unknown as Record<string, unknown> };
}
