/**
 * What waits for an approver's decision, as one list (client-safe): each single request is an
 * item, and a batch is ONE item (its rows are decided together, never listed loose), so the list,
 * the header badge (inboxCount, ./store.ts) and the bulk decision count the same things.
 */
import type { Batch } from "@/lib/batches/types";
import type { Person, TransferRequest } from "./types";

export type InboxItem =
  | { kind: "request"; key: string; id: string; created_at: string; value_cents: number; maker: Person; transfer: TransferRequest }
  | { kind: "batch"; key: string; id: string; created_at: string; value_cents: number; maker: Person; batch: Batch };

/** The batches and the single requests waiting, newest first (the order of both lists). */
export function inboxItems(batches: readonly Batch[], transfers: readonly TransferRequest[]): InboxItem[] {
  const items: InboxItem[] = [
    ...batches.map((b): InboxItem => ({ kind: "batch", key: `batch:${b.id}`, id: b.id, created_at: b.created_at, value_cents: b.total_cents, maker: b.maker, batch: b })),
    // A batch's rows are decided with their batch: never an item of their own.
    ...transfers
      .filter((r) => r.batch_id === null)
      .map((r): InboxItem => ({ kind: "request", key: `request:${r.id}`, id: r.id, created_at: r.created_at, value_cents: r.value_cents, maker: r.maker, transfer: r })),
  ];
  return items.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/** How many items and how much money a selection holds (the bulk bar's "(n) · R$ total"). */
export function selectionSummary(items: readonly InboxItem[], selected: ReadonlySet<string>): { count: number; cents: number } {
  const chosen = items.filter((i) => selected.has(i.key));
  return { count: chosen.length, cents: chosen.reduce((sum, i) => sum + i.value_cents, 0) };
}
