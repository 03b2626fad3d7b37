import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { checkSignInThrottle, clearSignInFailures, recordSignInFailure, waitSeconds, type ThrottleConfig } from "./sign-in-throttle";

const CONFIG: ThrottleConfig = {
  perAccountAddress: { freeFailures: 3, baseWaitSeconds: 30, maxWaitSeconds: 240, forgetAfterSeconds: 3600 },
  perAddress: { freeFailures: 10, baseWaitSeconds: 60, maxWaitSeconds: 3600, forgetAfterSeconds: 3600 },
};
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, 0) + seconds * 1000);

describe("waitSeconds", () => {
  it("is free, then doubles from the base wait up to the cap", () => {
    const rule = CONFIG.perAccountAddress;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50].map((n) => waitSeconds(n, rule))).toEqual([0, 0, 0, 30, 60, 120, 240, 240, 240]);
  });
});

describe.each(TEST_ENGINES)("sign-in throttle on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it("makes each attempt after the free ones wait longer: 30 s, then 60 s, then 120 s", async () => {
    const check = (s: number) => checkSignInThrottle(store.db, "192.0.2.1", "ana@example.com", CONFIG, at(s));
    for (let i = 0; i < 3; i++) await recordSignInFailure(store.db, "192.0.2.1", "ana@example.com", CONFIG, at(i));
    expect(await check(2)).toEqual({ throttled: true, retryAfterSeconds: 30 });
    expect(await check(32)).toEqual({ throttled: false });
    await recordSignInFailure(store.db, "192.0.2.1", "ana@example.com", CONFIG, at(40));
    expect(await check(40)).toEqual({ throttled: true, retryAfterSeconds: 60 });
    await recordSignInFailure(store.db, "192.0.2.1", "ana@example.com", CONFIG, at(100));
    expect(await check(101)).toEqual({ throttled: true, retryAfterSeconds: 119 });
    // The same account from another address, and another account from this address: free.
    expect(await checkSignInThrottle(store.db, "192.0.2.2", "ana@example.com", CONFIG, at(101))).toEqual({ throttled: false });
    expect(await checkSignInThrottle(store.db, "192.0.2.1", "bia@example.com", CONFIG, at(101))).toEqual({ throttled: false });
  });

  it("forgets a streak after a quiet hour, and a success ends the account's streak at that address", async () => {
    for (let i = 0; i < 3; i++) await recordSignInFailure(store.db, "192.0.2.9", "caio@example.com", CONFIG, at(i));
    expect((await checkSignInThrottle(store.db, "192.0.2.9", "caio@example.com", CONFIG, at(3))).throttled).toBe(true);
    expect(await checkSignInThrottle(store.db, "192.0.2.9", "caio@example.com", CONFIG, at(3 + 3600))).toEqual({ throttled: false });
    await recordSignInFailure(store.db, "192.0.2.9", "caio@example.com", CONFIG, at(3 + 3600));
    expect(await checkSignInThrottle(store.db, "192.0.2.9", "caio@example.com", CONFIG, at(3 + 3601))).toEqual({ throttled: false });

    for (let i = 0; i < 3; i++) await recordSignInFailure(store.db, "192.0.2.10", "dani@example.com", CONFIG, at(i));
    await clearSignInFailures(store.db, "192.0.2.10", "dani@example.com", CONFIG);
    expect(await checkSignInThrottle(store.db, "192.0.2.10", "dani@example.com", CONFIG, at(5))).toEqual({ throttled: false });
  });

  it("counts one address across accounts: the eleventh different account is refused", async () => {
    for (let i = 0; i < 10; i++) await recordSignInFailure(store.db, "192.0.2.50", `user-${i}@example.com`, CONFIG, at(i));
    expect(await checkSignInThrottle(store.db, "192.0.2.50", "someone-else@example.com", CONFIG, at(10))).toEqual({
      throttled: true,
      retryAfterSeconds: 59,
    });
  });
});
