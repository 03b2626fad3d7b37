import "server-only";
import { getStore } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getEventBus } from "@/lib/events/runtime";
import { logLine } from "@/lib/http/logger";
import { getCachedBalance } from "@/lib/payments-api";
import { getTransferQueue } from "@/lib/transfers/server/runtime";
import { webhookRegistration } from "@/lib/webhook-registration";
import type { Transports } from "./deliveries";
import { startAlertQueue, type AlertQueue } from "./queue";
import { channelsFrom } from "./channels";
import { transportsFrom } from "./transports";
import { alertWork } from "./work";

/**
 * The alerts of this process, started once at server start after the transfer engine (its
 * pg-boss carries the alert queues): every transfer change this instance hears becomes an
 * alert-subject job, the tick runs on the reconciler's cron. Nothing here runs inside a person's
 * request: the change is heard on the store's LISTEN connection after its commit.
 */
type Holder = { alerts?: Promise<AlertQueue> };
const HOLDER_KEY = Symbol.for("pix-backoffice.alerts");

function holder(): Holder {
  const g = globalThis as typeof globalThis & { [HOLDER_KEY]?: Holder };
  g[HOLDER_KEY] ??= {};
  return g[HOLDER_KEY];
}

export function startAlerts(): Promise<AlertQueue> {
  const h = holder();
  h.alerts ??= (async () => {
    const env = getEnv();
    const [store, engine, bus] = await Promise.all([getStore(), getTransferQueue(), getEventBus()]);
    let transports: Promise<Transports> | undefined;
    const work = alertWork({
      db: store.db,
      channels: channelsFrom(env),
      transports: () => (transports ??= transportsFrom(env)),
      attentionAfterMinutes: env.transfers.attentionAfterMinutes,
      portal: env.transfers.providerAuthorization === "portal",
      balance: () => getCachedBalance(),
      expectedInPercent: env.cash.expectedInPercent,
      registration: webhookRegistration,
    });
    const queue = await startAlertQueue(engine.boss, { cron: env.reconcile.cron, pollingIntervalSeconds: 1, work });
    bus.subscribeTransfers((change) => {
      queue.noteChange(change).catch((error: unknown) => logLine("error", "alert job could not be queued", { error: String(error) }));
    });
    return queue;
  })().catch((error: unknown) => {
    h.alerts = undefined;
    throw error;
  });
  return h.alerts;
}
