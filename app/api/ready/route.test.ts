import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { startEngineHarness, type EngineHarness } from "@/lib/transfers/testing/harness";
import { keepWebhooksRegistered, resetWebhookRegistrationForTests } from "@/lib/webhook-registration";
import { GET } from "./route";

/** GET /api/ready as a load balancer calls it: no session, 200 or 503, one entry per check. */
const ready = async () => {
  const res = await GET(new Request("http://localhost:3000/api/ready"), undefined);
  return { status: res.status, text: await res.text() };
};

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  // As at server start: this process registered its webhook receiver (lib/webhook-registration.test.ts drives the retries).
  await keepWebhooksRegistered({ register: async () => undefined }).held;
});
afterAll(async () => {
  resetWebhookRegistrationForTests();
  await t.close();
});

describe.each(TEST_ENGINES)("GET /api/ready on $name", (engine) => {
  let h: EngineHarness | undefined;
  let store: TestStore | undefined;
  afterAll(async () => {
    await h?.close();
    setStoreForTests(undefined);
    await store?.close();
  });

  it("503 while the job queue is not started: the store and the provider are fine", async () => {
    store = await engine.open();
    setStoreForTests(store);
    const { status, text } = await ready();
    expect(status).toBe(503);
    expect(JSON.parse(text)).toEqual({
      status: "not_ready",
      checks: {
        store: { ok: true, ms: expect.any(Number) },
        queue: { ok: false, ms: expect.any(Number), error: "the job queue is not started" },
        provider: { ok: true, ms: expect.any(Number) },
        webhooks: { ok: true, ms: 0 },
      },
    });
    setStoreForTests(undefined);
    await store.close();
    store = undefined;
  });

  it("200 ready with the store, a started queue and a provider token; no secret in the answer", async () => {
    h = await startEngineHarness(engine);
    const { status, text } = await ready();
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ status: "ready", checks: { store: { ok: true }, queue: { ok: true }, provider: { ok: true }, webhooks: { ok: true } } });
    for (const secret of [...t.issuedTokens, t.sandbox.clientSecret, t.sandbox.url]) expect(text).not.toContain(secret);
  });

  it("503 when the provider refuses our credentials, saying which check failed", async () => {
    const secret = process.env.PAYMENTS_API_CLIENT_SECRET;
    process.env.PAYMENTS_API_CLIENT_SECRET = "a-rotated-secret-the-provider-does-not-know";
    resetEnvForTests();
    t.resetClient();
    try {
      const { status, text } = await ready();
      expect(status).toBe(503);
      expect(JSON.parse(text)).toMatchObject({ status: "not_ready", checks: { store: { ok: true }, queue: { ok: true }, provider: { ok: false, error: expect.any(String) } } });
      expect(text).not.toContain("a-rotated-secret");
    } finally {
      process.env.PAYMENTS_API_CLIENT_SECRET = secret;
      resetEnvForTests();
      t.resetClient();
    }
  });
});
