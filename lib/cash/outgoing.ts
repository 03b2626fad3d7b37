import "server-only";
import { and, inArray, isNull, lte, or, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { batches, transferRequests } from "@/lib/db/schema";
import type { CashItem } from "./projection";

/**
 * What is set to go out, as the cash position reads it: requests approved and about to go
 * (`approved`, `submitting`: today), `scheduled` ones on their day, and what awaits approval on
 * the day it would go (pending). A batch's rows are one item per batch and day; a series'
 * occurrences each on its day. `held` requests (waiting for their maker) and unknown outcomes
 * (the provider may already have taken them from the balance) are not counted.
 */
export async function outgoingItems(db: Db, today: string, lastDay: string): Promise<CashItem[]> {
  const rows = await db
    .select({
      id: transferRequests.id,
      state: transferRequests.state,
      valueCents: transferRequests.valueCents,
      receiverName: transferRequests.receiverName,
      scheduledFor: transferRequests.scheduledFor,
      batchId: transferRequests.batchId,
      seriesId: transferRequests.seriesId,
      fileName: batches.fileName,
    })
    .from(transferRequests)
    .leftJoin(batches, eq(batches.id, transferRequests.batchId))
    .where(
      and(
        inArray(transferRequests.state, ["approved", "submitting", "scheduled", "awaiting_approval"]),
        or(isNull(transferRequests.scheduledFor), lte(transferRequests.scheduledFor, lastDay)),
      ),
    );
  const items: CashItem[] = [];
  const batchItems = new Map<string, CashItem>();
  for (const row of rows) {
    // Not dated: it goes as soon as it may (today); the projection moves a day passed to today too.
    const date = row.scheduledFor ?? today;
    const pending = row.state === "awaiting_approval";
    if (row.batchId) {
      const key = `${row.batchId}:${date}:${pending}`;
      const item = batchItems.get(key);
      if (item) item.value_cents += row.valueCents;
      else batchItems.set(key, { date, value_cents: row.valueCents, kind: "batch", id: row.batchId, href: `/batches/${row.batchId}`, label: row.fileName ?? row.batchId, pending });
      continue;
    }
    items.push({
      date,
      value_cents: row.valueCents,
      kind: row.seriesId ? "series" : "transfer",
      id: row.seriesId ?? row.id,
      href: `/transfers/${row.id}`,
      label: row.receiverName,
      pending,
    });
  }
  return [...items, ...batchItems.values()];
}
