import "server-only";
import type { Tx } from "@/lib/db";
import { erpEvents } from "@/lib/db/schema";

export type ErpEvent = {
  /** `<subject>.<what happened>`: `charge.paid`, `transfer.created`. */
  type: string;
  /** The id of the thing that changed. */
  subjectId: string;
  /** What the ERP reads: wire names (snake_case), no personal data it could not read through the API. */
  data: Record<string, unknown>;
  at?: Date;
};

/**
 * Appends events to the change feed inside the caller's transaction: they are published (get
 * their position, reach the feed and the webhooks) only if that transaction commits. Transfer
 * and batch changes are appended by the store itself (triggers of lib/db/migrations/0020_erp_events.sql
 * on the transfer timeline and on batches, so no path that changes them can forget); anything
 * else that the ERP must hear of (charges) calls this.
 */
export async function emitEvents(tx: Tx, events: readonly ErpEvent[]): Promise<void> {
  if (!events.length) return;
  await tx.insert(erpEvents).values(events.map((e) => ({ type: e.type, subjectId: e.subjectId, data: e.data, ...(e.at ? { at: e.at } : {}) })));
}
