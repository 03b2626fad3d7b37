import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Tx } from "@/lib/db";
import { transferEvents, transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { syncBatchStates } from "@/lib/batches/state";
import { notifyTransferChange } from "../live-channel";
import type { TransferOutcome } from "../outcome";
import { canTransition, isEngineDone, isFinal, isTransferState, type TransferState } from "../states";
import type { Person } from "../types";

export type { Tx };

export type MoveNote = { key: string; values?: Record<string, string | number> } | null;

export type MoveOptions = {
  /** The states the caller expects the requests to be in; a request in any other is left alone. */
  from: readonly TransferState[];
  /** The worker's claim: the move only happens while the request is still theirs. */
  claimToken?: string;
  /** A further condition on each locked row (e.g. "due now"); false leaves that row alone. */
  guard?: (row: TransferRequestRow) => boolean;
  /** Other columns to set with the move (the same for every request moved). */
  set?: Omit<PgUpdateSetSource<typeof transferRequests>, "id" | "state">;
  /** Who made it happen; null: the engine (worker, reconciler, expiry, a provider notification). */
  actor?: Person | null;
  note?: MoveNote;
  outcome?: TransferOutcome | null;
  now?: Date;
};

type Refusal = "not_found" | "state" | "claim";

type MoveResult =
  | { moved: true; row: TransferRequestRow; from: TransferState }
  | { moved: false; reason: Refusal; current: TransferState | null; row: TransferRequestRow | null };

class IllegalTransitionError extends Error {
  constructor(from: string, to: string) {
    super(`A transfer request cannot go from ${from} to ${to}`);
    this.name = "IllegalTransitionError";
  }
}

/** Above this many requests of one batch moved at once, one announcement for the batch replaces one per request. */
const ANNOUNCE_EACH_UP_TO = 20;

/**
 * THE way transfer requests change state, one or five thousand at a time (a batch's rows are
 * plain requests): locks the rows, keeps those that are in an expected state (and still claimed
 * by the caller, and pass its guard), checks the move against the state machine
 * (lib/transfers/states.ts), updates them in one statement, appends one timeline event each,
 * announces the change (pg_notify, delivered on commit) and brings the state of every batch
 * touched up to date (lib/batches/state.ts). Run it inside the caller's transaction when the
 * change must commit with something else (an approval, an audit row).
 */
export async function moveTransfers(
  tx: Tx,
  ids: readonly string[],
  to: TransferState,
  o: MoveOptions,
): Promise<{ moved: TransferRequestRow[]; locked: TransferRequestRow[] }> {
  assertTransitions(o.from, to);
  if (!ids.length) return { moved: [], locked: [] };
  const locked = await tx
    .select()
    .from(transferRequests)
    .where(inArray(transferRequests.id, [...ids]))
    .orderBy(asc(transferRequests.id))
    .for("update");
  const eligible = locked.filter((row) => movable(row, o) === null);
  if (!eligible.length) return { moved: [], locked };

  const now = o.now ?? new Date();
  const moved = await tx
    .update(transferRequests)
    .set(moveColumns(to, o, now))
    .where(inArray(transferRequests.id, eligible.map((r) => r.id)))
    .returning();
  const fromOf = new Map(eligible.map((r) => [r.id, r.state]));
  const event = eventValues(to, o, now);
  for (let i = 0; i < moved.length; i += 1_000) {
    await tx.insert(transferEvents).values(moved.slice(i, i + 1_000).map((row) => ({ ...event, transferId: row.id, fromState: fromOf.get(row.id) ?? null })));
  }
  await announceMany(tx, moved);
  const batchIds = [...new Set(moved.filter((r) => movesBatch(fromOf.get(r.id), to)).map((r) => r.batchId).filter((b): b is string => b !== null))];
  if (batchIds.length) await syncBatchStates(tx, batchIds, { actor: o.actor ?? null, now });
  return { moved, locked };
}

/** The state machine's word on a move from any of `from` to `to` (and, for `batchFree`, that no batch's state depends on it). */
export function assertTransitions(from: readonly TransferState[], to: TransferState, o: { batchFree?: boolean } = {}): void {
  for (const f of from) {
    if (!canTransition(f, to)) throw new IllegalTransitionError(f, to);
    if (o.batchFree && movesBatch(f, to)) throw new Error(`A move from ${f} to ${to} changes its batch's state: it goes through moveTransfers`);
  }
}

/** The columns every move sets besides the caller's own. */
export function moveColumns(to: TransferState, o: Pick<MoveOptions, "set" | "outcome">, now: Date) {
  return {
    ...o.set,
    state: to,
    updatedAt: now,
    // Whatever needed a person before this change is a new question after it.
    attentionHandledAt: null,
    attentionHandledById: null,
    attentionHandledByEmail: null,
    attentionNote: null,
    ...(isEngineDone(to) ? { leaseUntil: null, claimToken: null, nextAttemptAt: null } : {}),
    ...(isFinal(to) ? { settledAt: now } : {}),
    ...(to === "registered" ? { registeredAt: now } : {}),
    ...(o.outcome !== undefined ? { outcome: o.outcome as Record<string, unknown> | null } : {}),
  };
}

/** A move's timeline event, but for the request and the state it left. */
export function eventValues(to: TransferState, o: Pick<MoveOptions, "actor" | "note" | "outcome">, now: Date) {
  return {
    at: now,
    toState: to,
    actorId: o.actor?.id ?? null,
    actorEmail: o.actor?.email ?? null,
    note: o.note ?? null,
    outcome: (o.outcome as Record<string, unknown> | null | undefined) ?? null,
  };
}

/**
 * Can this move change its batch's state? A batch's state (lib/batches/state.ts) depends only on
 * how many rows wait for approval, how many are final and how many were stopped (final too): a
 * move between two states that are neither (approved -> submitting -> registered, outcome
 * unknown and back) leaves it as it was, so the engine's moves skip the batch's lock and count.
 */
function movesBatch(from: string | undefined, to: TransferState): boolean {
  const counts = (s: string | undefined) => s === undefined || s === "awaiting_approval" || (isTransferState(s) && isFinal(s));
  return counts(from) || counts(to);
}

/** One request: `moveTransfers` with the reason when it did not move. */
export async function moveTransfer(tx: Tx, id: string, to: TransferState, o: MoveOptions): Promise<MoveResult> {
  const { moved, locked } = await moveTransfers(tx, [id], to, o);
  const row = moved[0];
  const before = locked[0];
  if (row && before) return { moved: true, row, from: before.state as TransferState };
  if (!before) return { moved: false, reason: "not_found", current: null, row: null };
  const current = isTransferState(before.state) ? before.state : null;
  return { moved: false, reason: movable(before, o) ?? "state", current, row: before };
}

function movable(row: TransferRequestRow, o: MoveOptions): Refusal | null {
  if (!isTransferState(row.state) || !o.from.includes(row.state)) return "state";
  if (o.claimToken !== undefined && row.claimToken !== o.claimToken) return "claim";
  if (o.guard && !o.guard(row)) return "state";
  return null;
}

/** Tells every instance (on commit) that this request changed (`created`: it was made by this change). */
export async function announce(tx: Tx, row: TransferRequestRow, o: { created?: boolean } = {}): Promise<void> {
  await tx.execute(notifyTransferChange({ id: row.id, state: row.state, idempotent_id: row.idempotentId, batch_id: row.batchId, created: o.created }));
}

/** One announcement per request, or one per batch when many of its rows changed together. */
export async function announceMany(tx: Tx, rows: readonly TransferRequestRow[], o: { created?: boolean } = {}): Promise<void> {
  const byBatch = new Map<string, TransferRequestRow[]>();
  for (const row of rows) {
    if (!row.batchId) await announce(tx, row, o);
    else byBatch.set(row.batchId, [...(byBatch.get(row.batchId) ?? []), row]);
  }
  for (const [batchId, members] of byBatch) {
    if (members.length <= ANNOUNCE_EACH_UP_TO) {
      for (const row of members) await announce(tx, row, o);
      continue;
    }
    const first = members[0]!;
    await tx.execute(notifyTransferChange({ id: batchId, state: first.state, idempotent_id: "", batch_id: batchId, created: o.created }));
  }
}

/** The locked request, or null. */
export async function lockTransfer(tx: Tx, id: string): Promise<TransferRequestRow | null> {
  const rows = await tx.select().from(transferRequests).where(eq(transferRequests.id, id)).for("update");
  return rows[0] ?? null;
}
