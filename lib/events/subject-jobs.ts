import "server-only";
import type PgBoss from "pg-boss";

/** What a transfer change is about for the queues that follow subjects: its batch when it has one. */
export type ChangedSubject = { kind: "transfer" | "batch"; id: string };

export const subjectOf = (change: { id: string; batch_id?: string | null }): ChangedSubject =>
  change.batch_id ? { kind: "batch", id: change.batch_id } : { kind: "transfer", id: change.id };

/** The subject a job of such a queue carries, or null for data no sender of ours writes. */
export function subjectOfJob(data: { kind?: unknown; id?: unknown } | null | undefined): ChangedSubject | null {
  const { kind, id } = data ?? {};
  return (kind === "transfer" || kind === "batch") && typeof id === "string" ? { kind, id } : null;
}

type Waiter = { resolve: () => void; reject: (error: unknown) => void };

/**
 * A job per changed subject on one pg-boss queue, at most one waiting per subject (its singleton
 * key), put in together: the changes heard within `windowMs` of the first one, and every change
 * heard while an insert runs, go into one insert. A burst (a transfer's created, queued and sent,
 * a batch's rows, a busy minute) costs one statement per insert instead of one per change. Each
 * note resolves once its subject's job is in the queue (or was already waiting there), and fails
 * with the insert. `afterInsert` wakes the queue's worker.
 */
export function subjectJobs(
  boss: Pick<PgBoss, "insert">,
  queue: string,
  o: { windowMs: number; afterInsert: () => void },
): (subject: ChangedSubject) => Promise<void> {
  let pending = new Map<string, { subject: ChangedSubject; waiters: Waiter[] }>();
  let scheduled = false;

  const flush = async () => {
    while (pending.size) {
      const batch = pending;
      pending = new Map();
      const waiters = [...batch.values()].flatMap((entry) => entry.waiters);
      try {
        await boss.insert([...batch].map(([key, entry]) => ({ name: queue, data: entry.subject, singletonKey: key })));
        o.afterInsert();
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    scheduled = false;
  };

  return (subject) =>
    new Promise<void>((resolve, reject) => {
      const key = `${subject.kind}:${subject.id}`;
      const entry = pending.get(key) ?? { subject, waiters: [] };
      entry.waiters.push({ resolve, reject });
      pending.set(key, entry);
      if (!scheduled) {
        scheduled = true;
        if (o.windowMs > 0) setTimeout(() => void flush(), o.windowMs);
        else setImmediate(() => void flush());
      }
    });
}
