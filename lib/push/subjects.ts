import "server-only";
import { and, asc, count, desc, eq, inArray, sum, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { batches, transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";

/**
 * What one push is about: a single request, a batch (its rows are decided together) or a series
 * (approving one occurrence approves them all): one item in the approver's inbox, one push.
 */
export type PushSubject = {
  /** "transfer:<id>", "batch:<id>" or "series:<id>": the notification's tag and the delivery key. */
  key: string;
  kind: "transfer" | "batch" | "series";
  /** The rows a decision on this subject decides, as a condition on transfer_requests. */
  scope: SQL;
  /** The row its rules are read on (the first still waiting). */
  lead: TransferRequestRow;
  awaiting: boolean;
  /** Where the item opens (a path of this back office). */
  href: string;
  /** What is asked: one request's amount, a batch's total, a series' amount per occurrence. */
  valueCents: number;
  count: number;
  receiverName: string | null;
  fileName: string | null;
  makerEmail: string;
  /** Once decided: how it ended and by whom (null: the engine, e.g. expiry). */
  outcome: { state: string; byEmail: string | null } | null;
};

const DECISION_STATES = ["approved", "scheduled", "rejected", "canceled", "expired"];
/** The states a transfer change must reach for a push to be reconsidered (pushMayFollow filters on it): waiting, or decided. */
const PUSH_STATES: ReadonlySet<string> = new Set(["awaiting_approval", ...DECISION_STATES]);

/**
 * Can this transfer change send or replace a push? Only one into a state PUSH_STATES names, and
 * not the making of a request that does not wait for approval: it never waited, so no approver
 * was told of it and no "decided" push can replace one (most API transfers: one job less each).
 */
export function pushMayFollow(change: { state: string; created: boolean }): boolean {
  if (!PUSH_STATES.has(change.state)) return false;
  return !change.created || change.state === "awaiting_approval";
}

const t = transferRequests;

/** The subject a changed transfer (or batch) belongs to, read from the store; null when gone. */
export async function pushSubjectOf(tx: Tx, changed: { kind: "transfer" | "batch"; id: string }): Promise<PushSubject | null> {
  if (changed.kind === "batch") return batchSubject(tx, changed.id);
  const [row] = await tx.select().from(t).where(eq(t.id, changed.id));
  if (!row) return null;
  if (row.batchId) return batchSubject(tx, row.batchId);
  if (row.seriesId) return seriesSubject(tx, row.seriesId);
  const awaiting = row.state === "awaiting_approval";
  const scope = eq(t.id, row.id);
  return {
    key: `transfer:${row.id}`,
    kind: "transfer",
    scope,
    lead: row,
    awaiting,
    href: `/transfers/${row.id}`,
    valueCents: row.valueCents,
    count: 1,
    receiverName: row.receiverName,
    fileName: null,
    makerEmail: row.makerEmail,
    outcome: awaiting ? null : await outcomeOf(tx, scope),
  };
}

async function leadOf(tx: Tx, scope: SQL): Promise<TransferRequestRow | undefined> {
  const order = [asc(t.scheduledFor), asc(t.createdAt), asc(t.id)];
  const [waiting] = await tx.select().from(t).where(and(scope, eq(t.state, "awaiting_approval"))).orderBy(...order).limit(1);
  if (waiting) return waiting;
  const [any] = await tx.select().from(t).where(scope).orderBy(...order).limit(1);
  return any;
}

async function batchSubject(tx: Tx, batchId: string): Promise<PushSubject | null> {
  const [batch] = await tx.select().from(batches).where(eq(batches.id, batchId));
  if (!batch || batch.state === "draft") return null;
  const scope = eq(t.batchId, batchId);
  const [lead, [totals]] = await Promise.all([leadOf(tx, scope), tx.select({ n: count(), cents: sum(t.valueCents) }).from(t).where(scope)]);
  if (!lead) return null;
  const awaiting = batch.state === "awaiting_approval";
  return {
    key: `batch:${batch.id}`,
    kind: "batch",
    scope,
    lead,
    awaiting,
    href: `/batches/${batch.id}`,
    valueCents: Number(totals?.cents ?? batch.totalCents),
    count: Number(totals?.n ?? 0),
    receiverName: null,
    fileName: batch.fileName,
    makerEmail: batch.makerEmail,
    outcome: awaiting ? null : await outcomeOf(tx, scope),
  };
}

async function seriesSubject(tx: Tx, seriesId: string): Promise<PushSubject | null> {
  const scope = eq(t.seriesId, seriesId);
  const [lead, [totals]] = await Promise.all([leadOf(tx, scope), tx.select({ n: count() }).from(t).where(scope)]);
  if (!lead) return null;
  const awaiting = lead.state === "awaiting_approval";
  return {
    key: `series:${seriesId}`,
    kind: "series",
    scope,
    lead,
    awaiting,
    href: `/transfers/${lead.id}`,
    valueCents: lead.valueCents,
    count: Number(totals?.n ?? 1),
    receiverName: lead.receiverName,
    fileName: null,
    makerEmail: lead.makerEmail,
    outcome: awaiting ? null : await outcomeOf(tx, scope),
  };
}

/** The last decision taken on these rows while they waited: its state and who took it. */
async function outcomeOf(tx: Tx, scope: SQL): Promise<PushSubject["outcome"]> {
  const [event] = await tx
    .select({ state: transferEvents.toState, byEmail: transferEvents.actorEmail })
    .from(transferEvents)
    .innerJoin(t, eq(t.id, transferEvents.transferId))
    .where(and(scope, eq(transferEvents.fromState, "awaiting_approval"), inArray(transferEvents.toState, DECISION_STATES)))
    .orderBy(desc(transferEvents.id))
    .limit(1);
  return event ?? { state: "decided", byEmail: null };
}
