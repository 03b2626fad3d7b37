import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lookupAnswerSchema } from "@/lib/lookup/result";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { SANDBOX_DOC_FIXTURES, SANDBOX_FIXTURES } from "@/sandbox/fixtures";

vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-support", email: "support@demo.test", name: "S", role: "support" } })),
}));

const { GET: lookup } = await import("./route");
const { GET: payment } = await import("@/app/api/payments/[idempotent_id]/route");

const look = async (q: string) => {
  const res = await lookup(new Request(`http://localhost:3000/api/lookup?q=${encodeURIComponent(q)}`), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return lookupAnswerSchema.parse(await res.json());
};
const readPayment = (id: string) =>
  payment(new Request(`http://localhost:3000/api/payments/${encodeURIComponent(id)}`), { params: Promise.resolve({ idempotent_id: id }) });

/**
 * The back office's API against the sandbox in both modes: clean answers, and answers shaped
 * byte for byte like the provider documentation's examples (the "end_to_end " key, the agency
 * "000001", TEST01 and its doc-style reference codes).
 */
describe.each(["none", "doc"] as const)("GET /api/lookup and /api/payments/{id} with sandbox quirks %s", (quirks) => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ quirks, seedCount: 100, autoClock: false });
  });
  afterAll(() => t.close());

  const fixture = SANDBOX_FIXTURES.completedWithQr;

  it("/api/payments/{id} shows the payment's end_to_end (the documentation's key has a trailing space)", async () => {
    const res = await readPayment(fixture.idempotentId);
    expect(res.status).toBe(200);
    expect((await res.json()).payment).toMatchObject({ idempotent_id: fixture.idempotentId, end_to_end: fixture.endToEnd, status: "completed" });
  });

  it("a whole reference code is read exactly, before (and instead of) the partial search", async () => {
    const reference = (await (await readPayment(fixture.idempotentId)).json()).payment.reference_code as string;
    t.calls.length = 0;
    const answer = await look(reference);
    expect(answer.steps.find((s) => s.by === "reference")).toMatchObject({ result: { outcome: "found", payment: { idempotent_id: fixture.idempotentId, end_to_end: fixture.endToEnd } } });
    expect(answer.steps.find((s) => s.by === "reference_code")?.result).toEqual({ outcome: "skipped", reason: "found_exactly" });
    const paths = t.calls.map((c) => c.path);
    expect(paths).toContain(`/v1/pix/payments/${reference}`);
    expect(paths).not.toContain("/v1/pix/payments");
  });

  it("a fragment goes to the partial search after the exact read found nothing", async () => {
    t.calls.length = 0;
    const answer = await look("sbxfixture");
    expect(answer.steps.find((s) => s.by === "reference")?.result.outcome).toBe("not_found");
    expect(answer.steps.find((s) => s.by === "reference_code")?.result).toMatchObject({ outcome: "found", total: 11 });
    expect(t.calls.map((c) => c.path).slice(-1)).toEqual(["/v1/pix/payments"]);
  });

  it("a charge's reference code finds the charge", async () => {
    const qr = (await t.sandbox.core.charges.create({ value_cents: 1_234 })).body as { qrcode: { reference_code: string } };
    const answer = await look(qr.qrcode.reference_code);
    expect(answer.steps.find((s) => s.by === "qrcode_reference")).toMatchObject({ result: { outcome: "found", qrcode: { value_cents: 1_234, status: "awaiting_payment" } } });
  });

  if (quirks === "doc") {
    it("the documentation's own example payment TEST01: end_to_end and agency as the example shows them", async () => {
      const d = SANDBOX_DOC_FIXTURES;
      const res = await readPayment(d.payment.idempotentId);
      expect((await res.json()).payment).toMatchObject({ reference_code: d.payment.referenceCode, end_to_end: d.payment.endToEnd, receiver_agency: "000001" });
      const byReference = await look(d.payment.referenceCode);
      expect(byReference.steps.find((s) => s.by === "reference")).toMatchObject({ result: { outcome: "found", payment: { idempotent_id: "TEST01", end_to_end: d.payment.endToEnd } } });
      const charge = await look(d.qrcode.referenceCode);
      expect(charge.steps.find((s) => s.by === "qrcode_reference")).toMatchObject({ result: { outcome: "found", qrcode: { external_reference: "TEST01" } } });
    });
  }
});
