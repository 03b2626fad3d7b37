import "server-only";
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { transferRequests } from "@/lib/db/schema";
import { moveTransfers } from "./transition";

/** Requests expired per run (the next run takes the rest). */
const MAX_PER_RUN = 5_000;

/**
 * Requests still awaiting approval past their expiry become `expired` (nothing was sent), a
 * batch's rows with the others (its state follows): one transaction, each single transfer
 * audited, each batch audited once.
 */
export async function expireApprovals(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: transferRequests.id })
    .from(transferRequests)
    .where(and(eq(transferRequests.state, "awaiting_approval"), lte(transferRequests.expiresAt, now)))
    .limit(MAX_PER_RUN);
  if (!due.length) return 0;
  return db.transaction(async (tx) => {
    const { moved } = await moveTransfers(
      tx,
      due.map((r) => r.id),
      "expired",
      { from: ["awaiting_approval"], now, guard: (r) => !!r.expiresAt && r.expiresAt.getTime() <= now.getTime(), note: { key: "transfers.notes.expired" } },
    );
    const batchesExpired = new Set<string>();
    for (const row of moved) {
      if (row.batchId) batchesExpired.add(row.batchId);
      else await recordAudit({ actor: null, action: "transfer.expire", target: row.idempotentId, outcome: "expired", detail: { transfer_id: row.id } }, tx);
    }
    for (const batchId of batchesExpired) {
      await recordAudit({ actor: null, action: "batch.expire", target: batchId, outcome: "expired", detail: { rows: moved.filter((r) => r.batchId === batchId).length } }, tx);
    }
    return moved.length;
  });
}
