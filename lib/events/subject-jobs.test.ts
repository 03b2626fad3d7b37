import { afterEach, describe, expect, it, vi } from "vitest";
import { subjectJobs, subjectOf, subjectOfJob } from "./subject-jobs";

type Insert = Array<{ name: string; data?: unknown; singletonKey?: string }>;

/** A pg-boss stand-in that records each insert and lets the test decide when one finishes. */
function recordingBoss() {
  const inserts: Insert[] = [];
  let gate: Promise<void> = Promise.resolve();
  let fail: Error | null = null;
  return {
    inserts,
    hold() {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return open;
    },
    failNext(error: Error) {
      fail = error;
    },
    boss: {
      async insert(jobs: Insert) {
        inserts.push(jobs);
        await gate;
        if (fail) {
          const error = fail;
          fail = null;
          throw error;
        }
      },
    },
  };
}

describe("jobs per changed subject", () => {
  it("a burst of changes heard together is one insert, one job per subject, batch rows under their batch", async () => {
    const r = recordingBoss();
    let woken = 0;
    const note = subjectJobs(r.boss as never, "alert-subject", { windowMs: 0, afterInsert: () => woken++ });
    const changes = Array.from({ length: 30 }, (_, i) => ({ id: `t${i % 4}`, batch_id: i % 5 === 0 ? "b1" : null }));
    await Promise.all(changes.map((c) => note(subjectOf(c))));
    expect(r.inserts).toHaveLength(1);
    expect(r.inserts[0]!.map((j) => j.singletonKey).sort()).toEqual(["batch:b1", "transfer:t0", "transfer:t1", "transfer:t2", "transfer:t3"]);
    expect(r.inserts[0]!.every((j) => j.name === "alert-subject")).toBe(true);
    expect(r.inserts[0]!.find((j) => j.singletonKey === "batch:b1")!.data).toEqual({ kind: "batch", id: "b1" });
    expect(woken).toBe(1);
  });

  it("what is heard while an insert runs goes into the next one; each note resolves only once its job is in", async () => {
    const r = recordingBoss();
    const note = subjectJobs(r.boss as never, "push-subject", { windowMs: 0, afterInsert: () => {} });
    const open = r.hold();
    let firstIn = false;
    const first = note({ kind: "transfer", id: "a" }).then(() => (firstIn = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.inserts).toHaveLength(1);
    const later = [note({ kind: "transfer", id: "b" }), note({ kind: "transfer", id: "a" })];
    await new Promise((resolve) => setImmediate(resolve));
    expect(firstIn).toBe(false);
    expect(r.inserts).toHaveLength(1);
    open();
    await Promise.all([first, ...later]);
    expect(r.inserts.map((jobs) => jobs.map((j) => j.singletonKey))).toEqual([["transfer:a"], ["transfer:b", "transfer:a"]]);
  });

  it("a failed insert fails the notes it carried, and the next change is put in again", async () => {
    const r = recordingBoss();
    const note = subjectJobs(r.boss as never, "alert-subject", { windowMs: 0, afterInsert: () => {} });
    r.failNext(new Error("connection lost"));
    await expect(note({ kind: "transfer", id: "x" })).rejects.toThrow("connection lost");
    await note({ kind: "transfer", id: "x" });
    expect(r.inserts).toHaveLength(2);
  });

  describe("with a window", () => {
    afterEach(() => vi.useRealTimers());

    it("changes heard within the window go in together, each subject once, when the window ends", async () => {
      vi.useFakeTimers();
      const r = recordingBoss();
      let woken = 0;
      const note = subjectJobs(r.boss as never, "alert-subject", { windowMs: 200, afterInsert: () => woken++ });
      const notes = [note({ kind: "transfer", id: "a" })];
      await vi.advanceTimersByTimeAsync(150);
      expect(r.inserts).toHaveLength(0);
      notes.push(note({ kind: "transfer", id: "a" }), note({ kind: "batch", id: "b" }));
      await vi.advanceTimersByTimeAsync(60);
      await Promise.all(notes);
      expect(r.inserts.map((jobs) => jobs.map((j) => j.singletonKey))).toEqual([["transfer:a", "batch:b"]]);
      expect(woken).toBe(1);
      // The next change opens a new window.
      const next = note({ kind: "transfer", id: "c" });
      await vi.advanceTimersByTimeAsync(199);
      expect(r.inserts).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await next;
      expect(r.inserts).toHaveLength(2);
    });
  });
});

describe("subjectOfJob: what a worker takes from a job's data", () => {
  it("a transfer or a batch with its id; anything else (another sender, an old job's shape) is no subject", () => {
    expect(subjectOfJob({ kind: "transfer", id: "t1" })).toEqual({ kind: "transfer", id: "t1" });
    expect(subjectOfJob({ kind: "batch", id: "b1" })).toEqual({ kind: "batch", id: "b1" });
    for (const data of [null, undefined, {}, { kind: "charge", id: "c1" }, { kind: "transfer" }, { kind: "batch", id: 7 }]) expect(subjectOfJob(data)).toBeNull();
  });
});
