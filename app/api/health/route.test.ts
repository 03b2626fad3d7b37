import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { GET } from "./route";

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const health = () => GET(new Request("http://localhost:3000/api/health"), undefined);

describe("GET /api/health (no session)", () => {
  it("200 with reachability and token state; no token, secret or provider URL", async () => {
    const res = await health();
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({
      status: "ok",
      provider: { reachable: true, authenticated: true, token: { cached: true, expires_in_s: expect.any(Number) } },
    });
    for (const secret of [...t.issuedTokens, t.sandbox.clientSecret, t.sandbox.url]) expect(body).not.toContain(secret);
  });

  it("503 degraded when the provider cannot be reached", async () => {
    await t.sandbox.close();
    t.resetClient();
    const res = await health();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "degraded", provider: { reachable: false } });
  });
});
