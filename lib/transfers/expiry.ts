import "server-only";
import { and, eq, isNull, lte } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { transferRequests } from "@/lib/db/schema";
import { moveTransfer } from "./transition";

/** Requests still awaiting approval past their expiry become `expired` (nothing was sent); each is audited. */
export async function expireApprovals(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: transferRequests.id, idempotentId: transferRequests.idempotentId })
    .from(transferRequests)
    // A batch's rows expire with their batch (lib/batches/service.ts expireBatches).
    .where(and(eq(transferRequests.state, "awaiting_approval"), lte(transferRequests.expiresAt, now), isNull(transferRequests.batchId)))
    .limit(500);
  let expired = 0;
  for (const row of due) {
    const moved = await db.transaction(async (tx) => {
      const result = await moveTransfer(tx, row.id, "expired", {
        from: ["awaiting_approval"],
        guard: (r) => !!r.expiresAt && r.expiresAt.getTime() <= now.getTime(),
        note: { key: "transfers.notes.expired" },
      });
      if (result.moved) {
        await recordAudit(
          { actor: null, action: "transfer.expire", target: row.idempotentId, outcome: "expired", detail: { transfer_id: row.id } },
          tx as unknown as Db,
        );
      }
      return result.moved;
    });
    if (moved) expired++;
  }
  return expired;
}
