import "server-only";
import { and, count, eq, inArray } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { batches, transferRequests } from "@/lib/db/schema";
import { FINAL_STATES, isTransferState, type TransferState } from "@/lib/transfers/states";
import type { Person } from "@/lib/transfers/types";
import type { BatchState } from "./types";

/**
 * A batch's state follows from its rows, which are plain transfer requests:
 * - `draft`: nothing submitted yet (no rows are requests);
 * - `awaiting_approval`: some row waits for approval;
 * - `rejected` / `expired` / `canceled`: every row was stopped before anything was sent;
 * - `completed`: every row is final (paid, or certainly not paid);
 * - `sending`: anything else (rows approved, in flight, or registered and not final yet).
 * Pure, so the rule is read and tested in one place.
 */
export function batchStateFrom(counts: Partial<Record<TransferState, number>>): BatchState {
  const n = (s: TransferState) => counts[s] ?? 0;
  const total = Object.values(counts).reduce((sum, v) => sum + (v ?? 0), 0);
  if (total === 0) return "draft";
  if (n("awaiting_approval") > 0) return "awaiting_approval";
  const stopped = n("rejected") + n("expired") + n("canceled");
  if (stopped === total) return n("rejected") > 0 ? "rejected" : n("expired") > 0 ? "expired" : "canceled";
  const final = FINAL_STATES.reduce((sum, s) => sum + n(s), 0);
  return final === total ? "completed" : "sending";
}

const ENDED: readonly BatchState[] = ["completed", "rejected", "expired", "canceled"];

/**
 * THE place a submitted batch's state changes: derived from its rows inside the caller's
 * transaction (lib/transfers/server/transition.ts calls it after every move of batch rows), written
 * and audited only when it differs. Never called while reading.
 */
export async function syncBatchStates(tx: Tx, batchIds: readonly string[], o: { actor: Person | null; now: Date; submitted?: boolean }): Promise<void> {
  if (!batchIds.length) return;
  const locked = await tx.select().from(batches).where(inArray(batches.id, [...batchIds])).orderBy(batches.id).for("update");
  const rows = await tx
    .select({ batchId: transferRequests.batchId, state: transferRequests.state, n: count() })
    .from(transferRequests)
    .where(inArray(transferRequests.batchId, [...batchIds]))
    .groupBy(transferRequests.batchId, transferRequests.state);
  for (const batch of locked) {
    // A draft becomes a batch of requests only by its submission (the submitting call says so).
    if (batch.state === "draft" && !o.submitted) continue;
    const counts: Partial<Record<TransferState, number>> = {};
    for (const r of rows) if (r.batchId === batch.id && isTransferState(r.state)) counts[r.state] = Number(r.n);
    const next = batchStateFrom(counts);
    if (next === batch.state || next === "draft") continue;
    await tx
      .update(batches)
      .set({ state: next, updatedAt: o.now, finishedAt: ENDED.includes(next) ? o.now : null })
      .where(and(eq(batches.id, batch.id), eq(batches.state, batch.state)));
    await recordAudit(
      { actor: o.actor, action: "batch.state_change", target: batch.id, outcome: next, detail: { from: batch.state, to: next, rows: counts } },
      tx,
    );
  }
}
