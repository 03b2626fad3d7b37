import { describe, expect, it } from "vitest";
import { startWorkerPool, type PoolJob } from "./worker-pool";

/** A queue in memory: jobs to hand out, what was completed and failed, each fetch's size. */
function fakeQueue(ids: string[]) {
  const waiting = [...ids];
  const fetches: number[] = [];
  const completions: string[][] = [];
  const failed: string[] = [];
  return {
    waiting,
    fetches,
    completions,
    failed,
    async fetch(max: number): Promise<PoolJob<null>[]> {
      fetches.push(max);
      return waiting.splice(0, max).map((id) => ({ id, data: null }));
    },
    async complete(done: string[]) {
      completions.push(done);
    },
    async fail(id: string) {
      failed.push(id);
    },
  };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every pending callback and timer-free continuation run. */
async function settle(turns = 20) {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("the queue's worker pool", () => {
  it("a slow job keeps only its own slot: the others are refilled as they finish", async () => {
    const queue = fakeQueue(["slow", "a", "b", "c", "d"]);
    const slow = deferred();
    const ran: string[] = [];
    const pool = startWorkerPool({
      ...queue,
      concurrency: 2,
      idleMs: 60_000,
      run: async (job) => {
        ran.push(job.id);
        if (job.id === "slow") await slow.promise;
      },
      onError: (e) => {
        throw e;
      },
    });
    await settle();
    expect(ran).toEqual(["slow", "a", "b", "c", "d"]);
    expect(pool.inFlight()).toBe(1);
    // Each fetch asked for exactly the free slots.
    expect(queue.fetches.slice(0, 2)).toEqual([2, 1]);
    expect(queue.completions.flat()).toEqual(["a", "b", "c", "d"]);
    slow.resolve();
    await pool.stop();
    expect(queue.completions.flat().sort()).toEqual(["a", "b", "c", "d", "slow"]);
  });

  it("writes the completions of jobs that finished together in one call", async () => {
    const queue = fakeQueue(["1", "2", "3", "4", "5"]);
    const gate = deferred();
    const pool = startWorkerPool({ ...queue, concurrency: 5, idleMs: 60_000, run: () => gate.promise, onError: () => undefined });
    await settle();
    gate.resolve();
    await settle();
    expect(queue.completions).toEqual([["1", "2", "3", "4", "5"]]);
    await pool.stop();
  });

  it("a job that throws is failed (the queue retries it), never completed", async () => {
    const queue = fakeQueue(["good", "bad"]);
    const pool = startWorkerPool({
      ...queue,
      concurrency: 2,
      idleMs: 60_000,
      run: async (job) => {
        if (job.id === "bad") throw new Error("store unreachable");
      },
      onError: () => undefined,
    });
    await settle();
    await pool.stop();
    expect(queue.failed).toEqual(["bad"]);
    expect(queue.completions.flat()).toEqual(["good"]);
  });

  it("an empty queue is not polled in a loop: it waits for a wake-up (or the interval)", async () => {
    const queue = fakeQueue([]);
    const pool = startWorkerPool({ ...queue, concurrency: 4, idleMs: 60_000, run: async () => undefined, onError: () => undefined });
    await settle();
    expect(queue.fetches).toEqual([4]);
    queue.waiting.push("late");
    await settle();
    expect(queue.fetches).toHaveLength(1);
    pool.wake();
    await settle();
    expect(queue.fetches).toEqual([4, 4]);
    expect(queue.completions.flat()).toEqual(["late"]);
    await pool.stop();
  });

  it("never runs more than its concurrency, and stop lets the jobs in hand finish", async () => {
    const ids = Array.from({ length: 30 }, (_, i) => `j${i}`);
    const queue = fakeQueue(ids);
    let running = 0;
    let most = 0;
    const pool = startWorkerPool({
      ...queue,
      concurrency: 3,
      idleMs: 60_000,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
      },
      onError: () => undefined,
    });
    await settle(200);
    await pool.stop();
    expect(most).toBe(3);
    expect(queue.completions.flat().sort()).toEqual([...ids].sort());
  });
});
