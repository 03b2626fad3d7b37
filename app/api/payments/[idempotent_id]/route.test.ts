import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SANDBOX_FIXTURES } from "@/sandbox/fixtures";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";

vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-viewer", email: "viewer@demo.test", name: "V", role: "viewer" } })),
}));

const { GET } = await import("./route");

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.clearFaults();
  t.calls.length = 0;
});

const read = (id: string) =>
  GET(new Request(`http://localhost:3000/api/payments/${encodeURIComponent(id)}`), { params: Promise.resolve({ idempotent_id: id }) });

describe("GET /api/payments/{idempotent_id}", () => {
  it("answers {payment} with bank data, for ordinary and odd ids", async () => {
    const res = await read(SANDBOX_FIXTURES.completedWithQr.idempotentId);
    expect(res.status).toBe(200);
    const { payment } = (await res.json()) as { payment: Record<string, unknown> };
    expect(payment).toMatchObject({ idempotent_id: SANDBOX_FIXTURES.completedWithQr.idempotentId, status: "completed" });
    expect(payment).toHaveProperty("receiver_bank_name");
    expect((await read(SANDBOX_FIXTURES.oddId.idempotentId)).status).toBe(200);
  });

  it("the provider's 406 is a 404 with the provider's message", async () => {
    const res = await read("does-not-exist-anywhere");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Payment not found.", kind: "not_found" });
  });

  it("traversal and injection attempts are 400 and never change the upstream path", async () => {
    for (const id of ["../x", "../../auth/generate_token", "a?status=completed", "a#frag", "..", "a\r\nX-Injected: 1", "%2e%2e%2fx"]) {
      const res = await read(id);
      expect(res.status, JSON.stringify(id)).toBe(400);
      expect(await res.json()).toMatchObject({ fields: { idempotent_id: expect.any(String) } });
    }
    expect(t.calls).toHaveLength(0);
    await read("plain-id");
    const paths = t.calls.filter((c) => c.path !== "/auth/generate_token").map((c) => c.path);
    expect(paths).toEqual(["/v1/pix/payments/plain-id/idempotent_id"]);
  });

  it("timeout 504, reset retried, 500 exhausted 502", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "timeout", times: 1 });
    expect((await read("sandbox-known-pending")).status).toBe(504);
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "reset", times: 1 });
    expect((await read("sandbox-known-pending")).status).toBe(200);
    await t.fault({ method: "GET", path: "/v1/pix/payments/*", fault: "500", times: 3 });
    expect((await read("sandbox-known-pending")).status).toBe(502);
  });
});
