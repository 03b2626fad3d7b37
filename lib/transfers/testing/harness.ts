import "server-only";
import { setStoreForTests } from "@/lib/db";
import type { TestEngine, TestStore } from "@/lib/db/test-engines";
import { startTransferQueue, type QueueSettings, type TransferQueue } from "../server/queue";
import { setTransferQueueForTests } from "../server/runtime";
import { getTransfer } from "../server/store";
import type { TransferState } from "../states";
import type { TransferDetail } from "../types";
import { seedTestPeople } from "./fixtures";

/** Queue settings for tests: quick polls and retries, no cron (tests reconcile by hand). */
export const TEST_QUEUE: QueueSettings = {
  maxAttempts: 3,
  retryBaseMs: 50,
  leaseMs: 5_000,
  settleHorizonMs: 600_000,
  sendAuthorized: true,
  concurrency: 8,
  reconcileCron: null,
  pollingIntervalSeconds: 0.5,
};

export type EngineHarness = { store: TestStore; queue: TransferQueue; close(): Promise<void> };

/** A fresh store with the job queue and its workers running in this process. */
export async function startEngineHarness(engine: TestEngine, settings: Partial<QueueSettings> = {}): Promise<EngineHarness> {
  const store = await engine.open();
  await seedTestPeople(store.db);
  setStoreForTests(store);
  const queue = await startTransferQueue(store, { ...TEST_QUEUE, ...settings }, {
    databaseUrl: "url" in store.location ? store.location.url : undefined,
  });
  setTransferQueueForTests(queue);
  return {
    store,
    queue,
    async close() {
      setTransferQueueForTests(undefined);
      await queue.stop();
      setStoreForTests(undefined);
      await store.close();
    },
  };
}

/** The provider has it: registered, or already followed to its end. */
export const SENT_STATES: TransferState[] = ["registered", "paid", "provider_canceled"];

/** Waits (up to `timeoutMs`) until the request is in one of `states`; throws with its last state otherwise. */
export async function waitForState(store: TestStore, id: string, states: TransferState[], timeoutMs = 15_000): Promise<TransferDetail> {
  const deadline = Date.now() + timeoutMs;
  let last: TransferDetail | null = null;
  while (Date.now() < deadline) {
    last = await getTransfer(store.db, id);
    if (last && states.includes(last.state)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`transfer ${id} stayed ${last?.state ?? "missing"}, expected ${states.join(" or ")}`);
}
