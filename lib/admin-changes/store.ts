import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { pendingChanges, type PendingChangeRow } from "@/lib/db/schema";
import type { PendingChangePayload, PendingChangeState, PendingChangeView } from "./types";

/** Rows of pending_changes: written and read here; what they mean is decided in service.ts. */
export function toView(row: PendingChangeRow): PendingChangeView {
  return {
    id: row.id,
    state: row.state as PendingChangeState,
    change: { kind: row.kind, ...row.payload } as PendingChangePayload,
    target_user_id: row.targetUserId,
    target_email: row.targetEmail,
    requested_by: { id: row.requestedById, email: row.requestedByEmail },
    requested_at: new Date(row.requestedAt).toISOString(),
    decided_by: row.decidedByEmail,
    decided_at: row.decidedAt ? new Date(row.decidedAt).toISOString() : null,
    failure: row.failure ?? null,
  };
}

export async function insertPendingChange(
  tx: Db,
  input: { change: PendingChangePayload; target: { id: string | null; email: string | null }; requester: { id: string; email: string }; now: Date },
): Promise<PendingChangeView> {
  const { kind, ...payload } = input.change;
  const [row] = await tx
    .insert(pendingChanges)
    .values({
      id: randomUUID(),
      kind,
      payload,
      targetUserId: input.target.id,
      targetEmail: input.target.email,
      requestedById: input.requester.id,
      requestedByEmail: input.requester.email,
      requestedAt: input.now,
    })
    .returning();
  if (!row) throw new Error("pending change was not stored");
  return toView(row);
}

/** The row, locked until the caller's transaction ends (two admins confirming at once: one wins). */
export async function lockPendingChange(tx: Db, id: string): Promise<PendingChangeRow | null> {
  const [row] = await tx.select().from(pendingChanges).where(eq(pendingChanges.id, id)).for("update");
  return row ?? null;
}

export async function findPendingChange(db: Db, id: string): Promise<PendingChangeView | null> {
  const [row] = await db.select().from(pendingChanges).where(eq(pendingChanges.id, id));
  return row ? toView(row) : null;
}

export async function markDecided(
  tx: Db,
  id: string,
  state: "confirmed" | "refused" | "failed",
  decider: { id: string | null; label: string },
  now: Date,
  failure: string | null = null,
): Promise<PendingChangeView> {
  const [row] = await tx
    .update(pendingChanges)
    .set({ state, decidedById: decider.id, decidedByEmail: decider.label, decidedAt: now, failure })
    .where(and(eq(pendingChanges.id, id), eq(pendingChanges.state, "pending")))
    .returning();
  if (!row) throw new Error(`pending change ${id} was decided meanwhile`);
  return toView(row);
}

/** Changes of one kind asked by one admin and still waiting (a repeated request is looked for among them). */
export async function listWaitingOfKind(db: Db, kind: PendingChangePayload["kind"], requesterId: string): Promise<PendingChangeView[]> {
  const rows = await db
    .select()
    .from(pendingChanges)
    .where(and(eq(pendingChanges.state, "pending"), eq(pendingChanges.kind, kind), eq(pendingChanges.requestedById, requesterId)))
    .orderBy(pendingChanges.requestedAt);
  return rows.map(toView);
}

/** Changes still waiting, oldest first (the longest wait on top). */
export async function listPendingRows(db: Db, limit = 200): Promise<PendingChangeView[]> {
  const rows = await db.select().from(pendingChanges).where(eq(pendingChanges.state, "pending")).orderBy(pendingChanges.requestedAt).limit(limit);
  return rows.map(toView);
}

/** The latest decisions, newest first (the pages show what happened to a change that left the list). */
export async function listDecidedRows(db: Db, limit = 20): Promise<PendingChangeView[]> {
  const rows = await db
    .select()
    .from(pendingChanges)
    .where(sql`${pendingChanges.state} <> 'pending'`)
    .orderBy(desc(pendingChanges.decidedAt))
    .limit(limit);
  return rows.map(toView);
}
