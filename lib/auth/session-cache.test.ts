import { beforeEach, describe, expect, it, vi } from "vitest";
import { clearSessionCache, forgetSession, memoSession, SESSION_CACHE_TTL_MS } from "./session-cache";

describe("session memo", () => {
  beforeEach(() => clearSessionCache());

  it("asks the store once per token within the TTL, again after it", async () => {
    const load = vi.fn(async () => ({ id: "u1" }));
    await memoSession("t1", load, 1_000);
    await memoSession("t1", load, 1_000 + SESSION_CACHE_TTL_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await memoSession("t1", load, 1_000 + SESSION_CACHE_TTL_MS + 1);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps tokens apart", async () => {
    const a = await memoSession("a", async () => "user-a", 0);
    const b = await memoSession("b", async () => "user-b", 0);
    expect([a, b]).toEqual(["user-a", "user-b"]);
  });

  it("forgets a signed cookie value by its session token", async () => {
    await memoSession("tok123.c2lnbmF0dXJl", async () => "signed-in", 0);
    forgetSession("tok123");
    expect(await memoSession("tok123.c2lnbmF0dXJl", async () => null, 1)).toBeNull();
  });

  it("forgets a signed-out token at once", async () => {
    await memoSession("t", async () => "signed-in", 0);
    forgetSession("t");
    expect(await memoSession("t", async () => null, 1)).toBeNull();
  });
});
