import "server-only";
import { count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/raw";
import { alerts, reconciliationFindings, transferRequests } from "@/lib/db/schema";
import { TRANSFER_STATES } from "@/lib/transfers/states";
import { QUEUE_SCHEMA } from "@/lib/transfers/server/queue";

/**
 * What the gauges of /api/metrics say, read from the store when Prometheus scrapes (the same on
 * every instance: nothing here is held in a process's memory).
 */
export type StoreGauges = {
  queue: Array<{ queue: string; state: string; jobs: number; oldestSeconds: number | null }>;
  transfers: Record<string, number>;
  findingsOpen: number;
  alertsOpen: number;
};

/** pg-boss 10's job states. */
const JOB_STATES = ["created", "retry", "active", "completed", "cancelled", "failed"] as const;
/** States where a job is due or running: the ones whose age says something is stuck. */
const WAITING = new Set(["created", "retry", "active"]);

async function readQueue(db: Db): Promise<StoreGauges["queue"]> {
  const exists = rowsOf<{ ok: boolean }>(await db.execute(sql`select to_regclass(${`${QUEUE_SCHEMA}.job`}) is not null as ok`));
  if (!exists[0]?.ok) return []; // the queue has not started on this store yet
  const schema = sql.identifier(QUEUE_SCHEMA);
  const names = rowsOf<{ name: string }>(await db.execute(sql`select name from ${schema}.queue order by name`)).map((r) => r.name);
  // Age of a due job: since it was due (start_after), or since it started (active); a job
  // scheduled for later is not late.
  const rows = rowsOf<{ name: string; state: string; jobs: number | string; oldest: number | string | null }>(
    await db.execute(sql`
      select name, state::text as state, count(*)::int as jobs,
        extract(epoch from now() - min(case when state = 'active' then started_on else start_after end))::float8 as oldest
      from ${schema}.job group by name, state`),
  );
  return names.flatMap((queue) =>
    JOB_STATES.map((state) => {
      const row = rows.find((r) => r.name === queue && r.state === state);
      const oldest = row?.oldest === null || row?.oldest === undefined ? null : Math.max(0, Number(row.oldest));
      return { queue, state, jobs: Number(row?.jobs ?? 0), oldestSeconds: WAITING.has(state) ? (oldest ?? 0) : null };
    }),
  );
}

async function readTransfers(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ state: transferRequests.state, n: count() }).from(transferRequests).groupBy(transferRequests.state);
  const byState: Record<string, number> = Object.fromEntries(TRANSFER_STATES.map((state) => [state, 0]));
  for (const row of rows) byState[row.state] = Number(row.n);
  return byState;
}

async function readFindingsOpen(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reconciliationFindings).where(eq(reconciliationFindings.state, "open"));
  return Number(row?.n ?? 0);
}

/** Alerts raised and not acknowledged or resolved yet (lib/alerts). */
async function readAlertsOpen(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.state, "open"));
  return Number(row?.n ?? 0);
}

export async function readStoreGauges(db: Db): Promise<StoreGauges> {
  const [queue, transfers, findingsOpen, alertsOpen] = await Promise.all([readQueue(db), readTransfers(db), readFindingsOpen(db), readAlertsOpen(db)]);
  return { queue, transfers, findingsOpen, alertsOpen };
}
