import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readProblem } from "./read-problem";
import { problemReadSchema } from "./errors";

const errorBody = fc.record(
  {
    error: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    fields: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())), fc.constant([])),
    kind: fc.oneof(fc.constantFrom("validation", "conflict_body"), fc.integer()),
    request_id: fc.oneof(fc.string(), fc.constant(null)),
    stack: fc.string(),
  },
  { requiredKeys: [] },
);

describe("readProblem (the browser's zod-free reader of our error answers)", () => {
  it("reads exactly what problemReadSchema reads, and the same values", () => {
    fc.assert(
      fc.property(fc.oneof(errorBody, fc.anything()), (body) => {
        const parsed = problemReadSchema.safeParse(body);
        const read = readProblem(body);
        expect(read !== undefined).toBe(parsed.success);
        if (parsed.success) expect(read).toEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps the members our answers have and refuses what is not ours", () => {
    const body = { error: "Já existe", kind: "conflict_body", fields: { idempotent_id: "em uso" }, stack: "at ..." };
    expect(readProblem(body)).toEqual({ error: "Já existe", kind: "conflict_body", fields: { idempotent_id: "em uso" } });
    expect(readProblem("<html>Bad gateway</html>")).toBeUndefined();
    expect(readProblem({ error: "x", fields: { a: 1 } })).toBeUndefined();
  });
});
