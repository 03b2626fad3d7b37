import "server-only";
import type { Db } from "@/lib/db";
import { metrics } from "./registry";
import { readStoreGauges, type StoreGauges } from "./store-gauges";

function apply(m: ReturnType<typeof metrics>, gauges: StoreGauges): void {
  m.queueJobs.reset();
  m.queueOldestAge.reset();
  for (const row of gauges.queue) {
    m.queueJobs.set({ queue: row.queue, state: row.state }, row.jobs);
    if (row.oldestSeconds !== null) m.queueOldestAge.set({ queue: row.queue, state: row.state }, row.oldestSeconds);
  }
  m.transfers.reset();
  for (const [state, n] of Object.entries(gauges.transfers)) m.transfers.set({ state }, n);
  m.findingsOpen.set(gauges.findingsOpen);
  m.alertsOpen.set(gauges.alertsOpen);
}

/** The Prometheus text of this process: its counters, and the store's gauges read now. */
export async function scrapeMetrics(db: Db): Promise<{ contentType: string; text: string }> {
  const m = metrics();
  apply(m, await readStoreGauges(db));
  return { contentType: m.registry.contentType, text: await m.registry.metrics() };
}
