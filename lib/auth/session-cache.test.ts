import { describe, expect, it } from "vitest";
import { createSessionMemo, RECHECK_MS } from "./session-cache";

describe("session memo", () => {
  it("remembers a checked cookie for RECHECK_MS, then asks again", () => {
    const memo = createSessionMemo();
    memo.remember("tok.sig", "tok", 1_000);
    expect(memo.get("tok.sig", 1_000 + RECHECK_MS - 1)).toBe("tok");
    expect(memo.get("tok.sig", 1_000 + RECHECK_MS)).toBeNull();
  });

  it("keeps cookies apart and never answers for a value it was not given (a forged signature)", () => {
    const memo = createSessionMemo();
    memo.remember("a.sig", "a", 0);
    expect(memo.get("a.forged", 1)).toBeNull();
    expect(memo.get("a.sig", 1)).toBe("a");
    memo.forget("a.sig");
    expect(memo.get("a.sig", 1)).toBeNull();
  });
});
