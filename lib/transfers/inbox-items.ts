/**
 * What waits for an approver's decision, as one list (client-safe): each single request is an
 * item, and a batch and a recurring series are ONE item each (their rows or occurrences are
 * decided together, never listed loose), so the list, the header badge (inboxCount, ./store.ts)
 * and the bulk decision count the same things.
 */
import type { Batch } from "@/lib/batches/types";
import type { Person, TransferRequest } from "./types";

/** A recurring series waiting as one decision: its waiting occurrences, their days and total. */
export type SeriesItem = { id: string; occurrences: number; first_day: string | null; last_day: string | null };

export type InboxItem =
  | { kind: "request"; key: string; id: string; created_at: string; value_cents: number; maker: Person; transfer: TransferRequest }
  | { kind: "batch"; key: string; id: string; created_at: string; value_cents: number; maker: Person; batch: Batch }
  /** `id` is the series'; `transfer` its first waiting occurrence (what opens when the item is opened). */
  | { kind: "series"; key: string; id: string; created_at: string; value_cents: number; maker: Person; transfer: TransferRequest; series: SeriesItem };

/** The batches, series and single requests waiting, newest first (the order of both lists). */
export function inboxItems(batches: readonly Batch[], transfers: readonly TransferRequest[]): InboxItem[] {
  const loose = transfers.filter((r) => r.batch_id === null);
  const bySeries = new Map<string, TransferRequest[]>();
  for (const r of loose) if (r.series_id) bySeries.set(r.series_id, [...(bySeries.get(r.series_id) ?? []), r]);
  const items: InboxItem[] = [
    ...batches.map((b): InboxItem => ({ kind: "batch", key: `batch:${b.id}`, id: b.id, created_at: b.created_at, value_cents: b.total_cents, maker: b.maker, batch: b })),
    ...[...bySeries].map(([seriesId, occurrences]): InboxItem => {
      const byDay = [...occurrences].sort((a, b) => (a.scheduled_for ?? "").localeCompare(b.scheduled_for ?? ""));
      const first = byDay[0]!;
      return {
        kind: "series",
        key: `series:${seriesId}`,
        id: seriesId,
        created_at: first.created_at,
        value_cents: byDay.reduce((sum, r) => sum + r.value_cents, 0),
        maker: first.maker,
        transfer: first,
        series: { id: seriesId, occurrences: byDay.length, first_day: first.scheduled_for, last_day: byDay.at(-1)!.scheduled_for },
      };
    }),
    // A batch's rows are decided with their batch, a series' occurrences with their series: never items of their own.
    ...loose
      .filter((r) => !r.series_id)
      .map((r): InboxItem => ({ kind: "request", key: `request:${r.id}`, id: r.id, created_at: r.created_at, value_cents: r.value_cents, maker: r.maker, transfer: r })),
  ];
  return items.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

/**
 * How many items the listed requests make fewer than their rows: the occurrences of a series are
 * one item. Subtracted from a list's row count, it gives the item count the header badge shows.
 */
export function rowsMergedIntoSeries(transfers: readonly TransferRequest[]): number {
  const occurrences = transfers.filter((r) => r.batch_id === null && !!r.series_id);
  return occurrences.length - new Set(occurrences.map((r) => r.series_id)).size;
}

/** The decision each item is sent as (POST /api/transfers/decisions): a request is a transfer. */
export function decisionKind(item: InboxItem): "transfer" | "batch" | "series" {
  return item.kind === "request" ? "transfer" : item.kind;
}

/** How many items and how much money a selection holds (the bulk bar's "(n) · R$ total"). */
export function selectionSummary(items: readonly InboxItem[], selected: ReadonlySet<string>): { count: number; cents: number } {
  const chosen = items.filter((i) => selected.has(i.key));
  return { count: chosen.length, cents: chosen.reduce((sum, i) => sum + i.value_cents, 0) };
}
