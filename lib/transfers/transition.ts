import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db";
import { transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { TRANSFER_CHANNEL, type TransferChange } from "./live-channel";
import type { TransferOutcome } from "./outcome";
import { canTransition, isFinal, isTransferState, type TransferState } from "./states";
import type { Person } from "./types";

/** A Drizzle transaction or database: whatever `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

type MoveOptions = {
  /** The states the caller expects the request to be in; anything else is refused. */
  from: readonly TransferState[];
  /** The worker's claim: the move only happens while the request is still theirs. */
  claimToken?: string;
  /** A further condition on the locked row (e.g. "due now"); false refuses the move. */
  guard?: (row: TransferRequestRow) => boolean;
  /** Other columns to set with the move. */
  set?: Omit<PgUpdateSetSource<typeof transferRequests>, "id" | "state">;
  actor?: Person | null;
  note?: { key: string; values?: Record<string, string | number> } | null;
  outcome?: TransferOutcome | null;
};

type MoveResult =
  | { moved: true; row: TransferRequestRow; from: TransferState }
  | { moved: false; reason: "not_found" | "state" | "claim"; current: TransferState | null; row: TransferRequestRow | null };

class IllegalTransitionError extends Error {
  constructor(from: string, to: string) {
    super(`A transfer request cannot go from ${from} to ${to}`);
    this.name = "IllegalTransitionError";
  }
}

/**
 * THE way a transfer request changes state: locks the row, checks the caller's expectation
 * and the state machine (lib/transfers/states.ts), updates, appends the timeline event and
 * announces the change (pg_notify, delivered on commit). Run it inside the caller's
 * transaction when the change must commit with something else (an approval, an audit row).
 */
export async function moveTransfer(tx: Tx, id: string, to: TransferState, o: MoveOptions): Promise<MoveResult> {
  for (const from of o.from) if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
  const locked = await tx.select().from(transferRequests).where(eq(transferRequests.id, id)).for("update");
  const row = locked[0];
  if (!row) return { moved: false, reason: "not_found", current: null, row: null };
  const current = isTransferState(row.state) ? row.state : null;
  if (!current || !o.from.includes(current)) return { moved: false, reason: "state", current, row };
  if (o.claimToken !== undefined && row.claimToken !== o.claimToken) return { moved: false, reason: "claim", current, row };
  if (o.guard && !o.guard(row)) return { moved: false, reason: "state", current, row };

  const now = new Date();
  const [updated] = await tx
    .update(transferRequests)
    .set({
      ...o.set,
      state: to,
      updatedAt: now,
      ...(isFinal(to) ? { settledAt: now, leaseUntil: null, claimToken: null } : {}),
      ...(o.outcome !== undefined ? { outcome: o.outcome as Record<string, unknown> | null } : {}),
    })
    .where(eq(transferRequests.id, id))
    .returning();
  if (!updated) throw new Error(`transfer request ${id} vanished while locked`);
  await tx.insert(transferEvents).values({
    transferId: id,
    at: now,
    fromState: current,
    toState: to,
    actorId: o.actor?.id ?? null,
    actorEmail: o.actor?.email ?? null,
    note: o.note ?? null,
    outcome: (o.outcome as Record<string, unknown> | null | undefined) ?? null,
  });
  await announce(tx, updated);
  return { moved: true, row: updated, from: current };
}

/** Tells every instance (on commit) that this request changed. */
export async function announce(tx: Tx, row: TransferRequestRow): Promise<void> {
  const change: TransferChange = {
    id: row.id,
    state: row.state,
    idempotent_id: row.idempotentId,
    batch_id: row.batchId,
    awaiting: row.state === "awaiting_approval",
  };
  await tx.execute(sql`select pg_notify(${TRANSFER_CHANNEL}, ${JSON.stringify(change)})`);
}

/**
 * One decision for many requests: every request of a batch in one of `from` moves to `to` in
 * one statement (a batch may hold 5,000 rows), each with its timeline event, under the same
 * state machine; one announcement for the batch. Returns the ids moved.
 */
export async function moveBatchMembers(
  tx: Tx,
  batchId: string,
  to: TransferState,
  o: { from: readonly TransferState[]; actor?: Person | null; note?: MoveOptions["note"]; set?: MoveOptions["set"]; onlyIds?: string[] },
): Promise<string[]> {
  for (const from of o.from) if (!canTransition(from, to)) throw new IllegalTransitionError(from, to);
  const now = new Date();
  const where = and(
    eq(transferRequests.batchId, batchId),
    inArray(transferRequests.state, [...o.from]),
    ...(o.onlyIds ? [inArray(transferRequests.id, o.onlyIds)] : []),
  );
  const before = await tx.select({ id: transferRequests.id, state: transferRequests.state }).from(transferRequests).where(where).for("update");
  if (!before.length) return [];
  const ids = before.map((r) => r.id);
  const moved = await tx
    .update(transferRequests)
    .set({ ...o.set, state: to, updatedAt: now, ...(isFinal(to) ? { settledAt: now, leaseUntil: null, claimToken: null } : {}) })
    .where(inArray(transferRequests.id, ids))
    .returning();
  const fromOf = new Map(before.map((r) => [r.id, r.state]));
  for (let i = 0; i < moved.length; i += 1_000) {
    await tx.insert(transferEvents).values(
      moved.slice(i, i + 1_000).map((row) => ({
        transferId: row.id,
        at: now,
        fromState: fromOf.get(row.id) ?? null,
        toState: to,
        actorId: o.actor?.id ?? null,
        actorEmail: o.actor?.email ?? null,
        note: o.note ?? null,
      })),
    );
  }
  const change: TransferChange = { id: batchId, state: to, idempotent_id: "", batch_id: batchId, awaiting: to === "awaiting_approval" };
  await tx.execute(sql`select pg_notify(${TRANSFER_CHANNEL}, ${JSON.stringify(change)})`);
  return moved.map((r) => r.id);
}
