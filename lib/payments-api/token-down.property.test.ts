import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiErrorSchema } from "@/lib/domain/errors";
import { dictBody, startTestSandbox, TEST_TIMEOUTS, type TestSandbox } from "./test-sandbox";

// "Token endpoint down" where a browser test cannot reach it: the server holds a cached token
// and the sandbox has no control to expire it, so here the token is forgotten (as when it
// expires) and the token endpoint fails in each way the sandbox can fail. Property: whatever the
// fault and the route, the answer is a 502/504 JSON naming the token as the reason, nothing is
// registered, and once the endpoint answers again the same request succeeds.
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-admin", email: "admin@demo.test", name: "A", role: "admin" } })),
}));
vi.mock("@/lib/db/audit", () => ({ recordAudit: vi.fn(async () => {}) }));

const payments = await import("@/app/api/payments/route");
const payment = await import("@/app/api/payments/[idempotent_id]/route");
const qrcode = await import("@/app/api/qrcodes/[end_to_end]/route");

const APP = "http://localhost:3000";
const FAULTS = [
  { fault: "500" },
  { fault: "reset" },
  { fault: "timeout" },
  { fault: "malformed-json" },
  { fault: "delay", delayMs: TEST_TIMEOUTS.timeoutMs + 300 },
] as const;

let t: TestSandbox;
let serial = 0;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
afterEach(() => t.clearFaults());

type Call = { name: string; run: () => Promise<Response>; okStatus: number; registers: boolean };
function calls(): Call[] {
  const id = `token-down-${Date.now().toString(36)}-${serial++}`;
  return [
    { name: "GET /api/payments", run: () => payments.GET(new Request(`${APP}/api/payments?page=1`), undefined), okStatus: 200, registers: false },
    {
      name: "GET /api/payments/{id}",
      run: () => payment.GET(new Request(`${APP}/api/payments/x`), { params: Promise.resolve({ idempotent_id: "sandbox-known-completed-qr" }) }),
      okStatus: 200,
      registers: false,
    },
    {
      name: "GET /api/qrcodes/{e2e}",
      run: () => qrcode.GET(new Request(`${APP}/api/qrcodes/x`), { params: Promise.resolve({ end_to_end: "E18236120202611161230SBXQRPAID01" }) }),
      okStatus: 200,
      registers: false,
    },
    {
      name: "POST /api/payments",
      run: () =>
        payments.POST(
          new Request(`${APP}/api/payments`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: APP, host: "localhost:3000" },
            body: JSON.stringify(dictBody(id)),
          }),
          undefined,
        ),
      okStatus: 201,
      registers: true,
    },
  ];
}

const registered = () => t.sandbox.state().payments.registered;

describe("token endpoint down when the token must be renewed", () => {
  it("every route answers 502/504 naming the token, registers nothing, and recovers once the endpoint is back", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FAULTS), fc.integer({ min: 0, max: 3 }), async (fault, which) => {
        const call = calls()[which]!;
        t.resetClient(); // the cached token is gone, as when it expires
        await t.fault({ path: "/auth/generate_token", times: 1_000, ...fault });
        const before = registered();
        const res = await call.run();
        const text = await res.text();
        expect([502, 504], `${call.name} under ${fault.fault}: ${res.status} ${text}`).toContain(res.status);
        const body = apiErrorSchema.parse(JSON.parse(text));
        expect(body.error).toMatch(/access token|issue a token|token answer/i);
        expect(text).not.toContain(t.sandbox.clientSecret);
        expect(registered()).toBe(before);
        // The endpoint answers again: the same request goes through, with no restart.
        await t.clearFaults();
        const again = await call.run();
        expect(again.status, `${call.name} after ${fault.fault}: ${await again.clone().text()}`).toBe(call.okStatus);
        expect(registered()).toBe(before + (call.registers ? 1 : 0));
      }),
      { numRuns: 40 },
    );
  });

  it("a single failed token request (500 or reset) inside a read is absorbed by the read's retry", async () => {
    for (const fault of ["500", "reset"] as const) {
      t.resetClient();
      await t.fault({ path: "/auth/generate_token", fault, times: 1 });
      const res = await calls()[0]!.run();
      expect(res.status, fault).toBe(200);
    }
  });
});
