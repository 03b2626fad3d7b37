/**
 * The loop that runs the queue's jobs in this process, `concurrency` at a time. pg-boss's own
 * `work()` fetches a batch, waits for ALL of it (the slowest job holds the others' slots), then
 * sleeps out its polling interval: with 20 ms per provider call that capped a process at about
 * 40 submissions a second whatever the provider could take. Here a slot that frees is filled at
 * once: the loop fetches exactly as many jobs as there are free slots, and completions are
 * written together (one statement for every job that finished in the same turn of the event
 * loop). When the queue is empty it waits for a wake-up (a job queued by this process) or the
 * polling interval (one queued by another instance, or one whose time came).
 *
 * Generic over the queue (fetch/complete/fail are given), so it is tested without a store.
 */
export type PoolJob<T> = { id: string; data: T };

export type PoolOptions<T> = {
  concurrency: number;
  /** How long an idle loop waits before looking again. */
  idleMs: number;
  fetch(max: number): Promise<PoolJob<T>[]>;
  complete(ids: string[]): Promise<void>;
  fail(id: string, error: unknown): Promise<void>;
  run(job: PoolJob<T>): Promise<void>;
  onError(error: unknown): void;
};

export type WorkerPool = {
  /** Look for jobs now (something was just queued). */
  wake(): void;
  /** Stops fetching, lets the jobs in hand finish and writes their completions. */
  stop(): Promise<void>;
  /** Jobs running now (tests, metrics). */
  inFlight(): number;
};

export function startWorkerPool<T>(o: PoolOptions<T>): WorkerPool {
  let stopping = false;
  let running = 0;
  let finished: string[] = [];
  let flushing: Promise<void> | null = null;
  let signal: (() => void) | null = null;
  let woken = false;
  /** The loop waits for a slot (all were busy), not for new jobs: only then does a finished job wake it. */
  let waitingForSlot = false;

  const poke = () => {
    const resolve = signal;
    signal = null;
    resolve?.();
  };

  async function flush(): Promise<void> {
    while (finished.length) {
      const ids = finished;
      finished = [];
      await o.complete(ids).catch(o.onError);
    }
  }

  function scheduleFlush() {
    if (flushing) return;
    flushing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(flush)
      .finally(() => {
        flushing = null;
        if (finished.length) scheduleFlush();
      });
  }

  function start(job: PoolJob<T>) {
    running += 1;
    void o
      .run(job)
      .then(
        () => {
          finished.push(job.id);
          scheduleFlush();
        },
        (error: unknown) => o.fail(job.id, error).catch(o.onError),
      )
      .finally(() => {
        running -= 1;
        if (waitingForSlot) poke();
      });
  }

  /** Resolves on a freed slot, a wake-up or after `ms` (whichever first). */
  function pause(ms: number | null): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = ms === null ? null : setTimeout(poke, ms);
      signal = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
    });
  }

  // Slots are refilled a few at a time (a quarter of them), not one fetch per finished job: the
  // fetch is the queue's heaviest statement, and a slot waits at most for three others to free.
  const fetchAtLeast = Math.max(1, Math.floor(o.concurrency / 4));
  const loop = (async () => {
    while (!stopping) {
      const free = o.concurrency - running;
      if (free <= 0 || (free < fetchAtLeast && running > 0)) {
        waitingForSlot = true;
        await pause(null);
        waitingForSlot = false;
        continue;
      }
      let jobs: PoolJob<T>[] = [];
      try {
        jobs = await o.fetch(free);
      } catch (error) {
        o.onError(error);
      }
      if (stopping) {
        // Fetched while stopping: they stay active in the queue and expire into a retry.
        for (const job of jobs) start(job);
        break;
      }
      for (const job of jobs) start(job);
      // A full fetch: there may be more, take them as slots free. A short one: the queue is empty for now.
      if (jobs.length < free) await pause(o.idleMs);
      woken = false;
    }
  })();

  return {
    wake() {
      woken = true;
      poke();
    },
    async stop() {
      stopping = true;
      poke();
      await loop;
      while (running > 0) await new Promise<void>((resolve) => setTimeout(resolve, 10));
      await flushing;
      await flush();
    },
    inFlight: () => running,
  };
}
