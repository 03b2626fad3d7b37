import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readApiError } from "./api-error";
import { apiErrorSchema } from "./errors";

const outcome = fc.record(
  {
    idempotent_id: fc.oneof(fc.string(), fc.integer()),
    registered: fc.constantFrom<unknown>(false, "unknown", true, "yes", null),
    retry_with_same_id: fc.oneof(fc.boolean(), fc.constant("true")),
    extra: fc.string(),
  },
  { requiredKeys: [] },
);
const errorBody = fc.record(
  {
    error: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    fields: fc.oneof(fc.dictionary(fc.string(), fc.string()), fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())), fc.constant([])),
    kind: fc.oneof(fc.constantFrom("validation", "unknown_outcome"), fc.integer()),
    outcome,
    request_id: fc.oneof(fc.string(), fc.constant(null)),
    stack: fc.string(),
  },
  { requiredKeys: [] },
);

describe("readApiError (the browser's zod-free reader of our error answers)", () => {
  it("reads exactly what apiErrorSchema reads, and the same values", () => {
    fc.assert(
      fc.property(fc.oneof(errorBody, fc.anything()), (body) => {
        const parsed = apiErrorSchema.safeParse(body);
        const read = readApiError(body);
        expect(read !== undefined).toBe(parsed.success);
        if (parsed.success) expect(read).toEqual(parsed.data);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps the unknown-outcome facts a registration needs and drops the rest", () => {
    const body = {
      error: "not registered",
      kind: "unknown_outcome",
      outcome: { idempotent_id: "p-1", registered: false, retry_with_same_id: true, debug: "x" },
      stack: "at ...",
    };
    expect(readApiError(body)).toEqual({
      error: "not registered",
      kind: "unknown_outcome",
      outcome: { idempotent_id: "p-1", registered: false, retry_with_same_id: true },
    });
    expect(readApiError("<html>Bad gateway</html>")).toBeUndefined();
    expect(readApiError({ error: "x", fields: { a: 1 } })).toBeUndefined();
  });
});
