import "server-only";
import type PgBoss from "pg-boss";
import { subjectJobs, subjectOf, subjectOfJob } from "@/lib/events/subject-jobs";
import { logLine } from "@/lib/http/logger";
import type { TransferChange } from "@/lib/transfers/live-channel";
import type { AlertWork } from "./work";

/**
 * The alert queues, on the transfer engine's pg-boss (the store's database, shared by every
 * instance):
 * - alert-subject: one job per transfer or batch that changed, at most one waiting per subject
 *   (every instance hears the change; the singleton key makes it one job, and what the job
 *   decides is kept once by UNIQUE keys anyway); the changes heard together are put in together
 *   (lib/events/subject-jobs.ts);
 * - alert-tick: on the reconciler's cron, one instance per tick;
 * - alert-deliver: one job per message; a failure queues the next try at its backoff instant
 *   (`startAfter`), so nothing waits in a request or holds a worker.
 */
const QUEUE_SUBJECT = "alert-subject";
const QUEUE_TICK = "alert-tick";
const QUEUE_DELIVER = "alert-deliver";
/**
 * Changes heard within this long go into the queue together, and a subject that changed several
 * times in it (created, queued, sent) is evaluated once: an alert or a notice is at most this
 * late, and the queue is not asked once per change.
 */
const SUBJECT_WINDOW_MS = 200;
/** Subjects evaluated per fetch (each on its own; a failure retries the fetch's subjects, which decide once anyway). */
const SUBJECT_BATCH = 20;

export type AlertQueue = {
  /** A transfer (or a batch's rows) changed: evaluate that subject. */
  noteChange(change: TransferChange): Promise<void>;
  enqueueDeliveries(ids: readonly number[], startAfter?: Date): Promise<void>;
  /** Run a tick now (tests, start-up). */
  tickNow(): Promise<void>;
};

type Options = { cron: string | null; pollingIntervalSeconds: number; work: AlertWork };

export async function startAlertQueue(boss: PgBoss, o: Options): Promise<AlertQueue> {
  await boss.createQueue(QUEUE_SUBJECT, { name: QUEUE_SUBJECT, policy: "short", retryLimit: 3, retryDelay: 5, expireInSeconds: 300 });
  await boss.createQueue(QUEUE_TICK, { name: QUEUE_TICK, policy: "singleton", retryLimit: 0, expireInSeconds: 600 });
  await boss.createQueue(QUEUE_DELIVER, { name: QUEUE_DELIVER, policy: "short", retryLimit: 0, expireInSeconds: 300 });
  const workers: string[] = [];
  const wake = () => {
    for (const id of workers) boss.notifyWorker(id);
  };

  const noteSubject = subjectJobs(boss, QUEUE_SUBJECT, { windowMs: SUBJECT_WINDOW_MS, afterInsert: wake });

  const queue: AlertQueue = {
    noteChange: (change) => noteSubject(subjectOf(change)),
    async enqueueDeliveries(ids, startAfter) {
      for (const id of ids) {
        await boss.send(QUEUE_DELIVER, { id }, { singletonKey: String(id), ...(startAfter && startAfter.getTime() > Date.now() ? { startAfter } : {}) });
      }
      if (ids.length && !startAfter) wake();
    },
    async tickNow() {
      await boss.send(QUEUE_TICK, {});
      wake();
    },
  };

  const poll = { pollingIntervalSeconds: o.pollingIntervalSeconds };
  workers.push(
    await boss.work<{ kind?: unknown; id?: unknown }>(QUEUE_SUBJECT, { ...poll, batchSize: SUBJECT_BATCH }, async (jobs) => {
      const subjects = jobs.flatMap((job) => subjectOfJob(job.data) ?? []);
      await queue.enqueueDeliveries(await o.work.subjects(subjects));
    }),
    await boss.work(QUEUE_TICK, poll, async () => {
      await queue.enqueueDeliveries(await o.work.tick());
    }),
    await boss.work<{ id?: unknown }>(QUEUE_DELIVER, { ...poll, batchSize: 4 }, async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          const id = Number(job.data?.id);
          if (!Number.isSafeInteger(id)) return;
          const result = await o.work.deliver(id);
          if (result.status === "retry") await queue.enqueueDeliveries([id], result.at);
          if (result.status === "failed" || result.status === "retry") logLine("warn", "alert delivery failed", { delivery_id: id, next: result.status });
        }),
      );
    }),
  );
  if (o.cron) await boss.schedule(QUEUE_TICK, o.cron);
  return queue;
}
