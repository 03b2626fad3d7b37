import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { PaymentsApiError } from "./errors";
import { getHealth, getPayment, listPayments } from "./index";
import { startTestSandbox, type TestSandbox } from "./test-sandbox";
import { corruptTokenForTests, getTokenState } from "./token";

let t: TestSandbox | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});
const tokenFetches = () => t!.calls.filter((c) => c.path === "/auth/generate_token").length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("token cache", () => {
  it("20 concurrent calls share one token fetch, and later calls reuse it", async () => {
    t = await startTestSandbox();
    // Nothing here is about timeouts: the suite's short one (400 ms) failed this test on a loaded machine.
    process.env.PAYMENTS_API_TIMEOUT_MS = "15000";
    resetEnvForTests();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => getPayment("sandbox-known-pending")),
    );
    expect(results.every((p) => p.idempotent_id === "sandbox-known-pending")).toBe(true);
    expect(tokenFetches()).toBe(1);
    await listPayments({ page: 1 });
    expect(tokenFetches()).toBe(1);
    expect(getTokenState()).toMatchObject({ cached: true, fetches: 1 });
  });

  it("a token that expires mid-session is refreshed (proactively, or once after a 401) without the caller noticing", async () => {
    // The sandbox says expires_in 1 but really expires tokens after 0.3 s: the client trusts the
    // answer, so the next call meets a 401, refreshes once and retries once.
    t = await startTestSandbox({ tokenTtlSeconds: 0.3 });
    await getPayment("sandbox-known-pending");
    await sleep(400);
    const payment = await getPayment("sandbox-known-pending");
    expect(payment.status).toBe("authorization_pending");
    const statuses = t.calls.map((c) => `${c.path === "/auth/generate_token" ? "token" : "read"}:${c.status}`);
    expect(statuses).toEqual(["token:200", "read:200", "read:401", "token:200", "read:200"]);
    // Past the refresh point (half of a short lifetime) the client refreshes before calling.
    await sleep(600);
    t.calls.length = 0;
    await getPayment("sandbox-known-pending");
    expect(t.calls.map((c) => c.path === "/auth/generate_token")).toEqual([true, false]);
  });

  it("a token the provider no longer accepts is replaced once; concurrent 401s share the refresh", async () => {
    t = await startTestSandbox();
    await getPayment("sandbox-known-pending");
    corruptTokenForTests("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.bad");
    await Promise.all(Array.from({ length: 5 }, () => getPayment("sandbox-known-pending")));
    expect(tokenFetches()).toBe(2);
  });

  it("wrong client credentials: kind unauthorized, the secret in no message", async () => {
    t = await startTestSandbox();
    process.env.PAYMENTS_API_CLIENT_SECRET = "wrong-secret-value";
    resetEnvForTests();
    t.resetClient();
    const err = await getPayment("sandbox-known-pending").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentsApiError);
    expect(err).toMatchObject({ kind: "unauthorized", operation: "token", status: 401 });
    expect(JSON.stringify({ ...(err as object), message: (err as Error).message })).not.toContain("wrong-secret-value");
    const health = await getHealth();
    expect(health).toMatchObject({ reachable: true, authenticated: false, token: { cached: false } });
  });

  it("health reports reachability and token state, never the token", async () => {
    t = await startTestSandbox();
    const health = await getHealth();
    expect(health).toMatchObject({ mode: "provider", reachable: true, authenticated: true, token: { cached: true } });
    expect(health.token.expires_in_s).toBeGreaterThan(1700);
    const text = JSON.stringify(health);
    for (const token of t.issuedTokens) expect(text).not.toContain(token);
    expect(text).not.toContain(t.sandbox.url);
    await t.sandbox.close();
    t.resetClient();
    expect(await getHealth()).toMatchObject({ reachable: false, authenticated: false });
  });
});
