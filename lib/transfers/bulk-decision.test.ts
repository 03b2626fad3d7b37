import { describe, expect, it } from "vitest";
import { decideEach, type BulkOutcome } from "./bulk-decision";

class Refusal extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
  }
}

const options = {
  isStepUpRefusal: (e: unknown) => e instanceof Refusal && e.kind === "step_up_required",
  reasonOf: (e: unknown) => (e instanceof Error ? e.message : "?"),
};

describe("deciding several items at once", () => {
  it("decides each in the order chosen, one at a time, and reports each one's result", async () => {
    const calls: string[] = [];
    let running = 0;
    const outcomes = await decideEach(["a", "b", "c"], async (key) => {
      running++;
      expect(running).toBe(1); // never two decisions in flight
      calls.push(key);
      await Promise.resolve();
      running--;
      return key === "b" ? "waiting_more" : "done";
    }, options);
    expect(calls).toEqual(["a", "b", "c"]);
    expect(outcomes).toEqual([
      { key: "a", result: { status: "done" } },
      { key: "b", result: { status: "waiting_more" } },
      { key: "c", result: { status: "done" } },
    ]);
  });

  it("a refused item keeps the server's reason and the others are still decided", async () => {
    const seen: BulkOutcome[] = [];
    const outcomes = await decideEach(
      ["mine", "theirs"],
      async (key) => {
        if (key === "mine") throw new Refusal("Você criou esta solicitação: outro aprovador precisa decidir.", "forbidden");
        return "done";
      },
      { ...options, onResult: (o) => seen.push(o) },
    );
    expect(outcomes).toEqual([
      { key: "mine", result: { status: "refused", reason: "Você criou esta solicitação: outro aprovador precisa decidir." } },
      { key: "theirs", result: { status: "done" } },
    ]);
    expect(seen).toEqual(outcomes); // reported as they happen
  });

  it("a step-up the person canceled stops the run: that item and every later one are not sent", async () => {
    const calls: string[] = [];
    const outcomes = await decideEach(["a", "b", "c"], async (key) => {
      calls.push(key);
      if (key === "b") throw new Refusal("Confirme que é você", "step_up_required");
      return "done";
    }, options);
    expect(calls).toEqual(["a", "b"]);
    expect(outcomes.map((o) => [o.key, o.result.status])).toEqual([
      ["a", "done"],
      ["b", "not_sent"],
      ["c", "not_sent"],
    ]);
  });
});
