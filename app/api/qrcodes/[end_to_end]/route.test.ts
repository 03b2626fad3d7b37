import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { SANDBOX_FIXTURES } from "@/sandbox/fixtures";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ signedIn: true }));
vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () =>
    auth.signedIn
      ? { user: { id: "u-support", email: "support@demo.test", name: "S", role: "support" } }
      : { response: guardRefusal(401, "Sign in required") },
  ),
}));

const { GET } = await import("./route");

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
beforeEach(async () => {
  auth.signedIn = true;
  await t.clearFaults();
  t.calls.length = 0;
});

const read = (e2e: string) =>
  GET(new Request(`http://localhost:3000/api/qrcodes/${encodeURIComponent(e2e)}`), { params: Promise.resolve({ end_to_end: e2e }) });

describe("GET /api/qrcodes/{end_to_end}", () => {
  it("answers {qrcode}", async () => {
    const res = await read(SANDBOX_FIXTURES.completedWithQr.endToEnd);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ qrcode: { status: "paid", end_to_end: SANDBOX_FIXTURES.completedWithQr.endToEnd } });
    expect(t.calls.filter((c) => c.path.startsWith("/v1/")).map((c) => c.path)).toEqual([
      `/v1/pix/qrcodes/end_to_end/${SANDBOX_FIXTURES.completedWithQr.endToEnd}/`,
    ]);
  });

  it("404 with the provider's message when there is no QR code", async () => {
    const res = await read(SANDBOX_FIXTURES.completedNoQr.endToEnd);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Qrcode not found." });
  });

  it("400 for anything that is not 1-32 letters and digits; 401 without a session; no call either way", async () => {
    for (const e2e of ["../x", "E1/../../auth", "E".repeat(33), "E 1", ""]) {
      expect((await read(e2e)).status, e2e).toBe(400);
    }
    auth.signedIn = false;
    expect((await read(SANDBOX_FIXTURES.qrAwaiting.endToEnd)).status).toBe(401);
    expect(t.calls).toHaveLength(0);
  });

  it("malformed JSON from the provider is a 502 with the reason", async () => {
    await t.fault({ method: "GET", path: "/v1/pix/qrcodes/*", fault: "malformed-json", times: 1 });
    const res = await read(SANDBOX_FIXTURES.qrAwaiting.endToEnd);
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toMatch(/resposta que não conseguimos ler/);
  });
});
