import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { transferRequests, transferSeries } from "@/lib/db/schema";
import { isTransferState } from "../states";
import type { SeriesView } from "../types";

/** A recurring series with every occurrence (its day, state and amount), in day order; null when there is none. */
export async function seriesView(db: Db, seriesId: string): Promise<SeriesView | null> {
  const [[series], occurrences] = await Promise.all([
    db.select().from(transferSeries).where(eq(transferSeries.id, seriesId)),
    db
      .select({ id: transferRequests.id, day: transferRequests.scheduledFor, state: transferRequests.state, cents: transferRequests.valueCents })
      .from(transferRequests)
      .where(eq(transferRequests.seriesId, seriesId))
      .orderBy(asc(transferRequests.scheduledFor)),
  ]);
  if (!series) return null;
  return {
    id: series.id,
    every: series.every === "month" ? "month" : "week",
    count: series.count,
    until: series.until,
    maker: { id: series.makerId, email: series.makerEmail },
    stopped_at: series.stoppedAt?.toISOString() ?? null,
    stopped_by: series.stoppedById && series.stoppedByEmail ? { id: series.stoppedById, email: series.stoppedByEmail } : null,
    occurrences: occurrences.map((o) => ({ id: o.id, scheduled_for: o.day ?? "", state: isTransferState(o.state) ? o.state : "failed", value_cents: o.cents })),
  };
}
