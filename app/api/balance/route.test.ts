import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetBalance } from "@/lib/payments-api/balance";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";

const auth = vi.hoisted(() => ({ role: "operator" }));
vi.mock("@/lib/auth/guard", async () => (await import("@/lib/testing/guard-refusal")).guardAsRole(auth));


const { GET } = await import("./route");
const get = () => GET(new Request("http://localhost:3000/api/balance"), { params: Promise.resolve({}) });

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ autoClock: false, balanceCents: 500_000 });
});
afterAll(() => t.close());
beforeEach(async () => {
  auth.role = "operator";
  forgetBalance();
  await t.clearFaults();
  t.calls.length = 0;
});

describe("GET /api/balance", () => {
  it("answers the provider's balance in cents, to every role that reads transfers (the cash position shows it to viewers too)", async () => {
    for (const role of ["viewer", "support", "operator", "approver", "admin"]) {
      auth.role = role;
      const res = await get();
      expect(res.status, role).toBe(200);
      expect((await res.json()).balance).toMatchObject({ available_cents: 500_000, blocked_cents: 0, total_cents: 500_000, checked_at: expect.any(String) });
    }
  });

  it("is read from the provider at most once per 15 s, however many ask", async () => {
    await Promise.all([get(), get(), get()]);
    await get();
    expect(t.calls.filter((c) => c.path === "/v1/account/balance")).toHaveLength(1);
  });

  it("a provider failure is an error answer (the page shows 'unavailable'), not cached", async () => {
    await t.fault({ method: "GET", path: "/v1/account/balance", fault: "500", times: 3 });
    const res = await get();
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: expect.any(String) });
    await t.clearFaults();
    expect((await get()).status).toBe(200);
  });
});
