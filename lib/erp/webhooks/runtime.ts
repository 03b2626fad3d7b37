import "server-only";
import { getStore } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getEventBus } from "@/lib/events/runtime";
import { logLine } from "@/lib/http/logger";
import { deliverDue } from "./deliver";
import { pruneFeed } from "../retention";
import { dispatchEvents } from "./dispatch";

/**
 * The webhook worker of this process, started once at server start. The durable queue is the
 * store itself: committed feed events become delivery rows (dispatch.ts), and due deliveries are
 * claimed with SKIP LOCKED and a lease (deliver.ts), so any number of instances share the work
 * and nothing is lost with a process. It runs every POLL_MS (a retry due in 10 s leaves within
 * 12 s), CHANGE_DELAY_MS after a transfer change is heard, and at once when an admin asks for a retry.
 */
const POLL_MS = 2_000;
const CHANGE_DELAY_MS = 100;
const PRUNE_EVERY_MS = 3_600_000;
type Worker = { wake(): void };
const HOLDER_KEY = Symbol.for("pix-backoffice.erp-webhooks");

export function startErpWebhooks(): Promise<Worker> {
  const g = globalThis as typeof globalThis & { [HOLDER_KEY]?: Promise<Worker> };
  g[HOLDER_KEY] ??= (async () => {
    const env = getEnv();
    const [store, bus] = await Promise.all([getStore(), getEventBus()]);
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    let again = false;
    let prunedAt = 0;
    const run = async () => {
      if (running) return void (again = true);
      running = true;
      clearTimeout(timer);
      try {
        do {
          again = false;
          const now = new Date();
          while ((await dispatchEvents(store.db, now)) > 0);
          while ((await deliverDue(store.db, { now: new Date(), policy: env.erpWebhooks })) > 0);
        } while (again);
        if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
          prunedAt = Date.now();
          await pruneFeed(store.db, new Date());
        }
      } catch (error) {
        logLine("error", "webhook worker failed; trying again", { error: String((error as Error)?.message ?? error) });
      } finally {
        running = false;
        timer = setTimeout(() => void run(), POLL_MS);
        timer.unref();
      }
    };
    // A change heard runs the worker shortly after, not at once: the changes of that moment (a
    // transfer created, queued and sent; a batch's rows) are dispatched by one run.
    let soon: NodeJS.Timeout | undefined;
    bus.subscribeTransfers(() => {
      soon ??= setTimeout(() => {
        soon = undefined;
        void run();
      }, CHANGE_DELAY_MS);
    });
    void run();
    return { wake: () => void run() };
  })();
  return g[HOLDER_KEY];
}
