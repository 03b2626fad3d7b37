import "server-only";
import { getStore } from "@/lib/db";
import { ensureMonthPartitions } from "@/lib/db/partitions/months";
import { foldTotals } from "@/lib/db/totals-fold";
import { getEnv } from "@/lib/env";
import { logLine } from "@/lib/http/logger";
import type { EngineSettings } from "./engine";
import { startTransferQueue, type QueueSettings, type TransferQueue } from "./queue";
import { reconcile, type ReconcileSettings } from "./reconcile";
import { reconcileCharges } from "@/lib/charges/reconcile";

/**
 * The transfer engine of this process: the job queue and its workers, started once at server
 * start (instrumentation.ts -> lib/startup.ts). Kept on globalThis like the store: Next.js may
 * evaluate this module more than once in one process, and two sets of workers would compete
 * (harmlessly, but pointlessly).
 */
type Holder = { queue?: Promise<TransferQueue> };
const HOLDER_KEY = Symbol.for("pix-backoffice.transfer-queue");

function holder(): Holder {
  const g = globalThis as typeof globalThis & { [HOLDER_KEY]?: Holder };
  g[HOLDER_KEY] ??= {};
  return g[HOLDER_KEY];
}

function engineSettings(): EngineSettings {
  const { transfers } = getEnv();
  return {
    maxAttempts: transfers.maxAttempts,
    retryBaseMs: transfers.retryBaseMs,
    leaseMs: transfers.leaseMs,
    settleHorizonMs: transfers.settleHorizonMs,
    sendAuthorized: transfers.providerAuthorization === "ours",
    approvalExpiryHours: getEnv().approvalExpiryHours,
  };
}

function reconcileSettings(): ReconcileSettings {
  const { reconcile: r } = getEnv();
  return { staleSeconds: r.staleSeconds, refreshMinutes: r.refreshMinutes, windowHours: r.windowHours };
}

function queueSettings(): QueueSettings {
  const env = getEnv();
  return {
    ...engineSettings(),
    concurrency: env.transfers.concurrency,
    reconcileCron: env.reconcile.cron,
    pollingIntervalSeconds: 1,
  };
}

/** Starts the queue and its workers (idempotent). */
export function startTransferEngine(): Promise<TransferQueue> {
  const h = holder();
  h.queue ??= (async () => {
    const store = await getStore();
    const env = getEnv();
    // The reconciler requeues through the queue it runs on (called only once it is started).
    const queue: TransferQueue = await startTransferQueue(store, queueSettings(), {
      databaseUrl: env.databaseUrl,
      // Each tick also folds the lists' totals (lib/db/totals-fold.ts): a failed fold only leaves them slower to read.
      reconcile: async () => {
        await foldTotals(store.db).catch((error: unknown) => logLine("error", "totals fold failed", { error: String((error as Error)?.message ?? error) }));
        // Next month's partitions before it starts (a missed one only sends rows to the default partition).
        await ensureMonthPartitions(store.db).catch((error: unknown) => logLine("error", "month partitions failed", { error: String((error as Error)?.message ?? error) }));
        await reconcile(store.db, reconcileSettings(), (items) => queue.enqueueMany(items));
        // Charges ride on the same tick (one instance per tick); each charge's failure is its own.
        await reconcileCharges(store.db);
        // Loaded when the tick runs: the mail and its translations stay out of the queue's own import graph
        // (a worker process started outside Next.js cannot load next-intl's React entry).
        await import("@/lib/charges/runtime").then(({ remindPayers }) => remindPayers(store.db)).catch((error: unknown) => logLine("error", "charge reminders failed", { error: String((error as Error)?.message ?? error) }));
      },
    });
    return queue;
  })().catch((error: unknown) => {
    h.queue = undefined;
    throw error;
  });
  return h.queue;
}

/** The queue of this process (starting it if the server start did not, e.g. in a test). */
export function getTransferQueue(): Promise<TransferQueue> {
  return holder().queue ?? startTransferEngine();
}

/** This process's queue if it was started (GET /api/ready asks; it never starts one). */
export async function startedTransferQueue(): Promise<TransferQueue | undefined> {
  return holder().queue?.catch(() => undefined);
}

/** Tests only: use this queue (or forget it). */
export function setTransferQueueForTests(queue: TransferQueue | undefined): void {
  holder().queue = queue ? Promise.resolve(queue) : undefined;
}

/** Stops the workers (server shutdown, tests). */
export async function stopTransferEngine(): Promise<void> {
  const h = holder();
  const pending = h.queue;
  h.queue = undefined;
  const queue = await pending?.catch(() => undefined);
  await queue?.stop();
}
