import { describe, expect, it } from "vitest";
import { batchStateFrom } from "./state";

describe("a batch's state follows from its rows", () => {
  it.each([
    [{}, "draft"],
    [{ awaiting_approval: 3 }, "awaiting_approval"],
    [{ awaiting_approval: 1, approved: 2 }, "awaiting_approval"],
    [{ approved: 3 }, "sending"],
    [{ paid: 2, registered: 1 }, "sending"],
    [{ paid: 2, outcome_unknown: 1 }, "sending"],
    [{ paid: 19, provider_canceled: 1 }, "completed"],
    [{ paid: 1, refused: 1, failed: 1 }, "completed"],
    [{ failed: 4 }, "completed"],
    [{ rejected: 5 }, "rejected"],
    [{ expired: 5 }, "expired"],
    [{ canceled: 5 }, "canceled"],
    [{ canceled: 2, paid: 1 }, "completed"],
  ] as const)("%j -> %s", (counts, state) => {
    expect(batchStateFrom(counts)).toBe(state);
  });
});
