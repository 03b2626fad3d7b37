import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listQrcodesAnswerSchema } from "@/lib/contract";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { SANDBOX_FIXTURES } from "@/sandbox/fixtures";
import { guardRefusal } from "@/lib/testing/guard-refusal";

const auth = vi.hoisted(() => ({ role: "viewer" }));
vi.mock("@/lib/auth/guard", async () => {
  const { can } = await import("@/lib/auth/roles");
  return {
    requireApiUser: vi.fn(async (_r: Request, permission: Parameters<typeof can>[1]) =>
      can(auth.role as Parameters<typeof can>[0], permission)
        ? { user: { id: "u", email: "viewer@demo.test", name: "V", role: auth.role } }
        : { response: guardRefusal(403, "Not allowed") },
    ),
  };
});

const { GET } = await import("./route");
const list = (query: string) => GET(new Request(`http://localhost:3000/api/qrcodes${query}`), { params: Promise.resolve({}) });

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ autoClock: false, seedCount: 1_000 });
});
afterAll(() => t.close());
beforeEach(() => {
  t.calls.length = 0;
});

describe("GET /api/qrcodes", () => {
  it("passes the provider's filters through and answers its page with totals in meta", async () => {
    const res = await list(`?status=awaiting_payment&end_to_end=${SANDBOX_FIXTURES.qrAwaiting.endToEnd}`);
    expect(res.status).toBe(200);
    const answer = listQrcodesAnswerSchema.parse(await res.json());
    expect(answer.qrcodes.map((q) => q.end_to_end)).toEqual([SANDBOX_FIXTURES.qrAwaiting.endToEnd]);
    expect(answer.meta).toMatchObject({ current_page: 1, total_items_amount: 1 });
    expect(t.calls.at(-1)?.url).toContain("status=awaiting_payment");
  });

  it("refuses what the provider would refuse, before asking it", async () => {
    const half = await list("?registration_start_date=2026-11-01T00:00:00");
    expect(half.status).toBe(400);
    expect(await half.json()).toMatchObject({ fields: { registration_end_date: expect.any(String) } });
    expect((await list("?status=completed")).status).toBe(400);
    expect((await list("?payer_document=12.3")).status).toBe(400);
    expect(t.calls.filter((c) => c.path === "/v1/pix/qrcodes")).toHaveLength(0);
  });

  it("is for everyone who may see payments", async () => {
    auth.role = "support";
    expect((await list("")).status).toBe(200);
    auth.role = "viewer";
  });
});
