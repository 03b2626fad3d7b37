import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { problemSchema } from "@/lib/domain/errors";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { getTransfer } from "@/lib/transfers/server/store";
import { startEngineHarness, waitForState, type EngineHarness } from "@/lib/transfers/testing/harness";
import { dictBody, startTestSandbox, TEST_TIMEOUTS, type TestSandbox } from "./test-sandbox";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";

// "Token endpoint down" where a browser test cannot reach it: the server holds a cached token
// and the sandbox has no control to expire it, so here the token is forgotten (as when it
// expires) and the token endpoint fails in each way the sandbox can fail. Property: whatever the
// fault and the read, the answer is a 502/504 JSON naming the token as the reason, and once the
// endpoint answers again the same read succeeds. A transfer is a durable request: it waits
// (202, nothing sent) and the queue sends it exactly once when a token can be had again.
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
let h: EngineHarness;
let serial = 0;
beforeAll(async () => {
  t = await startTestSandbox();
  h = await startEngineHarness(TEST_ENGINES[0]!);
  await seedTestPeople(h.store.db, [{ id: "u-admin", role: "admin" }]);
});
afterAll(async () => {
  await h.close();
  await t.close();
});
afterEach(() => t.clearFaults());

type Call = { name: string; run: () => Promise<Response>; okStatus: number };
function calls(): Call[] {
  return [
    { name: "GET /api/payments", run: () => payments.GET(new Request(`${APP}/api/payments?page=1`), undefined), okStatus: 200 },
    {
      name: "GET /api/payments/{id}",
      run: () => payment.GET(new Request(`${APP}/api/payments/x`), { params: Promise.resolve({ idempotent_id: "sandbox-known-completed-qr" }) }),
      okStatus: 200,
    },
    {
      name: "GET /api/qrcodes/{e2e}",
      run: () => qrcode.GET(new Request(`${APP}/api/qrcodes/x`), { params: Promise.resolve({ end_to_end: "E18236120202611161230SBXQRPAID01" }) }),
      okStatus: 200,
    },
  ];
}

const registered = () => t.sandbox.state().payments.registered;

const postTransfer = (id: string) =>
  payments.POST(
    new Request(`${APP}/api/payments`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP, host: "localhost:3000" },
      body: JSON.stringify(dictBody(id)),
    }),
    undefined,
  );

describe("token endpoint down when the token must be renewed", () => {
  it("every read answers 502/504 naming the token and recovers once the endpoint is back", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FAULTS), fc.integer({ min: 0, max: 2 }), async (fault, which) => {
        const call = calls()[which]!;
        t.resetClient(); // the cached token is gone, as when it expires
        await t.fault({ path: "/auth/generate_token", times: 1_000, ...fault });
        const before = registered();
        const res = await call.run();
        const text = await res.text();
        expect([502, 504], `${call.name} under ${fault.fault}: ${res.status} ${text}`).toContain(res.status);
        const body = problemSchema.parse(JSON.parse(text));
        expect(body.error).toMatch(/access token|token de acesso/i);
        expect(text).not.toContain(t.sandbox.clientSecret);
        expect(registered()).toBe(before);
        // The endpoint answers again: the same request goes through, with no restart.
        await t.clearFaults();
        const again = await call.run();
        expect(again.status, `${call.name} after ${fault.fault}: ${await again.clone().text()}`).toBe(call.okStatus);
        expect(registered()).toBe(before);
      }),
      { numRuns: 30 },
    );
  });

  it.each(FAULTS.map((f) => [f.fault, f] as const))("a transfer while the token fails (%s): 202, nothing sent, then sent exactly once", async (_, fault) => {
    t.resetClient();
    await t.fault({ path: "/auth/generate_token", times: 1_000, ...fault });
    const before = registered();
    const callsBefore = t.calls.length;
    const id = `token-down-post-${Date.now().toString(36)}-${serial++}`;
    const res = await postTransfer(id);
    const body = (await res.json()) as { transfer: { id: string; state: string } };
    expect(res.status).toBe(202);
    expect(JSON.stringify(body)).not.toContain(t.sandbox.clientSecret);
    // The engine tried and sent nothing: read from the store, not from the answer's short wait
    // (a loaded machine answered before the first attempt, and the next test met this one's payment).
    await expect.poll(async () => (await getTransfer(h.store.db, body.transfer.id))?.outcome, { timeout: 15_000 }).toMatchObject({ kind: "not_registered", sent: false });
    expect(registered()).toBe(before);
    // The endpoint answers again: the queue's retry sends it, once, with no restart.
    await t.clearFaults();
    const done = await waitForState(h.store, body.transfer.id, ["registered"]);
    expect(done.reference_code).toBeTruthy();
    expect(registered()).toBe(before + 1);
    expect(t.calls.slice(callsBefore).filter((c) => c.method === "POST" && c.path === "/v1/pix/payments")).toHaveLength(1);
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
