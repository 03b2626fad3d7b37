import "server-only";
import type PgBoss from "pg-boss";
import { getStore } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { getEventBus } from "@/lib/events/runtime";
import { subjectJobs, subjectOf, subjectOfJob } from "@/lib/events/subject-jobs";
import { logLine } from "@/lib/http/logger";
import { getTransferQueue } from "@/lib/transfers/server/runtime";
import type { TransferChange } from "@/lib/transfers/live-channel";
import { webPushSender } from "./send";
import { pushMayFollow } from "./subjects";
import { pushForChange, type PushWorkOptions } from "./work";

/**
 * Web Push of this process, started once at server start after the transfer engine (its pg-boss
 * carries the queue) when VAPID keys are configured. A transfer change heard on the bus (after
 * its commit, on every instance) that enters or leaves awaiting_approval becomes a push-subject
 * job: one queued and one running per subject at most ("stately"), so two instances never send
 * the same subject's pushes at once; retried on a push service's failure.
 */
const QUEUE = "push-subject";
type Holder = { push?: Promise<PushQueue | null> };
const HOLDER_KEY = Symbol.for("pix-backoffice.push");

export type PushQueue = { noteChange(change: Pick<TransferChange, "id" | "batch_id" | "state" | "created">): Promise<void> };

function holder(): Holder {
  const g = globalThis as typeof globalThis & { [HOLDER_KEY]?: Holder };
  g[HOLDER_KEY] ??= {};
  return g[HOLDER_KEY];
}

/** The push queue on a pg-boss: jobs in, pushForChange out (tests start it on their own boss). */
export async function startPushQueue(boss: PgBoss, work: PushWorkOptions, pollingIntervalSeconds = 1): Promise<PushQueue> {
  await boss.createQueue(QUEUE, { name: QUEUE, policy: "stately", retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 });
  const worker = await boss.work<{ kind?: unknown; id?: unknown }>(QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    const subject = subjectOfJob(job?.data);
    if (!subject) return;
    const report = await pushForChange(work, subject);
    // Unsent pushes stay due: failing the job makes pg-boss try it again later.
    if (report.failed) throw new Error(`push: ${report.failed} of ${report.subject} not sent`);
  });
  // At once: an approver's phone should ring while the maker is still looking at the screen.
  const noteSubject = subjectJobs(boss, QUEUE, { windowMs: 0, afterInsert: () => boss.notifyWorker(worker) });
  return {
    async noteChange(change) {
      if (pushMayFollow(change)) await noteSubject(subjectOf(change));
    },
  };
}

export function startPush(): Promise<PushQueue | null> {
  const h = holder();
  h.push ??= (async () => {
    const env = getEnv();
    if (!env.push) return null;
    const [store, engine, bus] = await Promise.all([getStore(), getTransferQueue(), getEventBus()]);
    const queue = await startPushQueue(engine.boss, { db: store.db, send: webPushSender(env.push), appUrl: env.appUrl });
    bus.subscribeTransfers((change) => {
      queue.noteChange(change).catch((error: unknown) => logLine("error", "push job could not be queued", { error: String(error) }));
    });
    return queue;
  })().catch((error: unknown) => {
    h.push = undefined;
    throw error;
  });
  return h.push;
}
