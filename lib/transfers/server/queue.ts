import "server-only";
import PgBoss from "pg-boss";
import type { Db, PgliteClient, StoreHandle } from "@/lib/db";
import { logLine } from "@/lib/http/logger";
import { submitTransfer, type EngineSettings } from "./engine";
import { startWorkerPool, type WorkerPool } from "../worker-pool";

/**
 * The job queue (pg-boss 10 on the store's own database: PGlite through an adapter, or the
 * PostgreSQL of DATABASE_URL, shared by every instance). Two queues:
 * - transfer-submit: one job per submission of a request, at most one of them queued per
 *   request ("short" policy: a dead worker's job still counted active must not hold back the
 *   next one), run by workers inside this process; a job that finds nothing to do (already
 *   settled, claimed by another instance, not due) simply ends;
 * - transfer-reconcile: scheduled by cron (every minute by default), run by one instance per tick.
 * The queue only triggers work; what decides "exactly once" is the request's claim in the store.
 */
export const QUEUE_SUBMIT = "transfer-submit";
const QUEUE_RECONCILE = "transfer-reconcile";
/** pg-boss's tables live in this schema (read by /api/metrics and /api/ready too). */
export const QUEUE_SCHEMA = "pgboss";

export type QueueSettings = EngineSettings & {
  /** Submissions this process runs at once (QUEUE_CONCURRENCY): a freed slot is refilled at once (worker-pool.ts). */
  concurrency: number;
  /** Cron of the reconciler; null: not scheduled (tests run it by hand). */
  reconcileCron: string | null;
  pollingIntervalSeconds: number;
};

type ReconcileFn = () => Promise<unknown>;

export type TransferQueue = {
  boss: PgBoss;
  /** Queue a submission of this request (now, or at `startAfter`). */
  enqueue(id: string, startAfter?: Date | null): Promise<void>;
  /** Queue many (a batch), each at its own time. */
  enqueueMany(items: Array<{ id: string; startAfter: Date }>): Promise<void>;
  /** Wake this process's workers now instead of at their next poll. */
  wake(): void;
  stop(): Promise<void>;
};

/** pg-boss's `db` option over PGlite: multi-statement text without values goes to `exec`. */
function pgliteAdapter(pg: PgliteClient): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values && values.length > 0) return { rows: (await pg.query(text, values as never[])).rows };
      const results = await pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

export async function startTransferQueue(
  store: StoreHandle,
  settings: QueueSettings,
  options: { databaseUrl?: string; work?: boolean; reconcile?: ReconcileFn; onSubmitted?: (id: string) => void } = {},
): Promise<TransferQueue> {
  const common = { schema: QUEUE_SCHEMA, supervise: true, schedule: settings.reconcileCron !== null, migrate: true } as const;
  const boss =
    store.kind === "pglite" && store.pglite
      ? new PgBoss({ ...common, db: pgliteAdapter(store.pglite) })
      : new PgBoss({ ...common, connectionString: options.databaseUrl, max: 4, application_name: "pix-backoffice-queue" });
  boss.on("error", (error) => logLine("error", "job queue error", { error: String((error as Error)?.message ?? error) }));
  await boss.start();
  const expireInSeconds = Math.ceil(settings.leaseMs / 1000) + 60;
  await boss.createQueue(QUEUE_SUBMIT, { name: QUEUE_SUBMIT, policy: "short", retryLimit: 3, retryDelay: 5, expireInSeconds });
  await boss.createQueue(QUEUE_RECONCILE, { name: QUEUE_RECONCILE, policy: "singleton", retryLimit: 0, expireInSeconds: 600 });

  const sendOptions = (id: string, startAfter?: Date | null): PgBoss.SendOptions => ({
    singletonKey: id,
    ...(startAfter && startAfter.getTime() > Date.now() ? { startAfter } : {}),
  });
  let pool: WorkerPool | null = null;
  const queue: TransferQueue = {
    boss,
    async enqueue(id, startAfter) {
      await boss.send(QUEUE_SUBMIT, { id }, sendOptions(id, startAfter));
      if (!startAfter || startAfter.getTime() <= Date.now()) queue.wake();
    },
    async enqueueMany(items) {
      for (let i = 0; i < items.length; i += 500) {
        await boss.insert(
          items.slice(i, i + 500).map(({ id, startAfter }) => ({
            name: QUEUE_SUBMIT,
            data: { id },
            singletonKey: id,
            startAfter,
          })),
        );
      }
      queue.wake();
    },
    wake() {
      pool?.wake();
    },
    async stop() {
      await pool?.stop();
      await boss.stop({ graceful: false, wait: true, close: true });
    },
  };

  if (options.work !== false) {
    const db = store.db;
    pool = startWorkerPool<{ id?: unknown }>({
      concurrency: settings.concurrency,
      idleMs: settings.pollingIntervalSeconds * 1000,
      fetch: async (max) => ((await boss.fetch<{ id?: unknown }>(QUEUE_SUBMIT, { batchSize: max })) ?? []).map((job) => ({ id: job.id, data: job.data })),
      complete: async (ids) => void (await boss.complete(QUEUE_SUBMIT, ids)),
      fail: async (jobId, error) => void (await boss.fail(QUEUE_SUBMIT, jobId, { message: error instanceof Error ? error.message : String(error) })),
      run: async (job) => {
        const id = typeof job.data?.id === "string" ? job.data.id : null;
        if (!id) return;
        await runSubmission(db, id, settings, queue);
        options.onSubmitted?.(id);
      },
      onError: (error) => logLine("error", "job queue error", { error: String((error as Error)?.message ?? error) }),
    });
    if (options.reconcile) {
      const reconcile = options.reconcile;
      await boss.work(QUEUE_RECONCILE, { pollingIntervalSeconds: 5 }, async () => {
        await reconcile();
      });
      if (settings.reconcileCron) await boss.schedule(QUEUE_RECONCILE, settings.reconcileCron);
    }
  }
  return queue;
}

/**
 * One job: submit, then queue the retry the outcome asks for. A job that came before its request
 * was due queues one for the due time: one queued job per request is all the queue keeps, so the
 * due one may have been refused while this early one waited.
 */
async function runSubmission(db: Db, id: string, settings: EngineSettings, queue: TransferQueue): Promise<void> {
  const result = await submitTransfer(db, id, settings);
  if (result.done && result.retryAt) await queue.enqueue(id, result.retryAt);
  else if (!result.done && result.dueAt) await queue.enqueue(id, result.dueAt);
}
