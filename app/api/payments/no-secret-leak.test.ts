import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getEnv } from "@/lib/env";
import { secretNeedles } from "@/lib/http/secret-scan";
import { SANDBOX_FIXTURES } from "@/sandbox/fixtures";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { dictBody, startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { startEngineHarness, type EngineHarness } from "@/lib/transfers/testing/harness";
import { seedTestPeople } from "@/lib/transfers/testing/fixtures";

vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-admin", email: "admin@demo.test", name: "A", role: "admin" } })),
}));
vi.mock("@/lib/db/audit", () => ({ recordAudit: vi.fn(async () => {}) }));

const payments = await import("./route");
const payment = await import("./[idempotent_id]/route");
const qrcode = await import("../qrcodes/[end_to_end]/route");
const health = await import("../health/route");

let t: TestSandbox;
let h: EngineHarness;
beforeAll(async () => {
  t = await startTestSandbox({ tokenTtlSeconds: 0.5 });
  h = await startEngineHarness(TEST_ENGINES[0]!);
  await seedTestPeople(h.store.db, [{ id: "u-admin", role: "admin" }]);
});
afterAll(async () => {
  await h.close();
  await t.close();
});

const APP = "http://localhost:3000";
const answers: string[] = [];
async function keep(res: Response): Promise<void> {
  answers.push(`${res.status}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n${await res.text()}`);
}
const post = (body: unknown) =>
  payments.POST(new Request(`${APP}/api/payments`, { method: "POST", headers: { "content-type": "application/json", origin: APP }, body: JSON.stringify(body) }), undefined);

describe("no provider credential or token in any API answer", () => {
  it("success and failure answers of every route, across token refreshes and faults", async () => {
    const id = `leak-${Date.now()}`;
    for (let round = 0; round < 2; round++) {
      await keep(await payments.GET(new Request(`${APP}/api/payments?page=1`), undefined));
      await keep(await payment.GET(new Request(APP), { params: Promise.resolve({ idempotent_id: SANDBOX_FIXTURES.pending.idempotentId }) }));
      await keep(await payment.GET(new Request(APP), { params: Promise.resolve({ idempotent_id: "missing" }) }));
      await keep(await qrcode.GET(new Request(APP), { params: Promise.resolve({ end_to_end: SANDBOX_FIXTURES.qrAwaiting.endToEnd }) }));
      await keep(await health.GET(new Request(`${APP}/api/health`), undefined));
      await new Promise((r) => setTimeout(r, 600)); // let the token expire: refreshes happen
    }
    await keep(await post({ ...dictBody(id), pix_key: "maria.santos@example.com" }));
    for (const fault of ["timeout", "500", "malformed-json", "reset"]) {
      await t.fault({ method: "GET", path: "/v1/pix/payments", fault, times: 3 });
      await keep(await payments.GET(new Request(`${APP}/api/payments?page=2`), undefined));
      await t.fault({ method: "POST", path: "/v1/pix/payments", fault, times: 1 });
      await keep(await post({ ...dictBody(`${id}-${fault}`), pix_key: "maria.santos@example.com" }));
      await t.clearFaults();
    }
    expect(t.issuedTokens.length).toBeGreaterThanOrEqual(2);
    const needles = [...t.issuedTokens, ...secretNeedles(getEnv()), t.sandbox.clientSecret, "Bearer ", "Basic "];
    const statuses = answers.map((a) => Number(a.slice(0, 3)));
    // 202: a transfer whose answer was lost, still being sent (its request travels in the answer).
    expect(new Set(statuses)).toEqual(new Set([200, 201, 202, 404, 502, 504]));
    for (const answer of answers) for (const needle of needles) expect(answer).not.toContain(needle);
  });
});
