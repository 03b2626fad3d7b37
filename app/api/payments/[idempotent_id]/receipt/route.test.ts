import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentWebhookSchema } from "@/lib/contract";
import { setStoreForTests } from "@/lib/db";
import { listAudit } from "@/lib/db/audit";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { recordAccepted } from "@/lib/events/store";
import { deliveryBody, testMessage } from "@/lib/events/testing";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { SANDBOX_FIXTURES } from "@/sandbox/fixtures";
import { pdfText } from "@/lib/testing/pdf-text";

vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-viewer", email: "viewer@demo.test", name: "V", role: "viewer" } })),
}));

const { GET } = await import("./route");
const { GET: verify } = await import("@/app/api/receipts/verify/route");

const COMPLETED = SANDBOX_FIXTURES.completedNoQr; // R$ 87,50 to Maria Aparecida dos Santos, CPF 390.533.447-05
const CPF = "39053344705";

let t: TestSandbox;
let store: TestStore;
beforeAll(async () => {
  t = await startTestSandbox();
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store?.close();
  await t?.close();
});
beforeEach(() => {
  Object.assign(process.env, { COMPANY_NAME: "Padaria Estrela Ltda", COMPANY_DOCUMENT: "45.723.174/0001-10" });
  resetEnvForTests();
});

function receipt(id: string, query = "", headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000/api/payments/${encodeURIComponent(id)}/receipt${query}`, { headers });
  return GET(request, { params: Promise.resolve({ idempotent_id: id }) });
}

const flat = (text: string) => text.replace(/\s+/g, " ");

describe("GET /api/payments/{idempotent_id}/receipt", () => {
  it("prints an authentication code that the public check finds with the payment's end_to_end, amount and date", async () => {
    const text = flat(pdfText(new Uint8Array(await (await receipt(COMPLETED.idempotentId)).arrayBuffer())));
    expect(text).toContain("Forma de envio Por chave Pix");
    const code = /Autenticação ([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/.exec(text)?.[1];
    expect(code).toBeDefined();
    expect(text).toContain("/comprovante/verificar");
    const res = await verify(new Request(`http://localhost:3000/api/receipts/verify?code=${code}`), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ valid: true, end_to_end: COMPLETED.endToEnd, value_cents: 8_750 });
    expect(Date.parse(answer.payment_date)).toBeGreaterThan(0);
    // A code one character off is not valid.
    const other = `${code!.slice(0, -1)}${code!.endsWith("0") ? "1" : "0"}`;
    expect(await (await verify(new Request(`http://localhost:3000/api/receipts/verify?code=${other}`), { params: Promise.resolve({}) })).json()).toMatchObject({ valid: false });
  });

  it("is the PDF of a completed payment: ids, amount in figures and words, the CPF masked, never whole", async () => {
    const res = await receipt(COMPLETED.idempotentId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="comprovante_${COMPLETED.endToEnd}.pdf"`);
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = flat(pdfText(pdf));
    expect(text).toContain(COMPLETED.endToEnd);
    expect(text).toContain(COMPLETED.idempotentId);
    expect(text).toContain("R$ 87,50");
    expect(text).toContain("oitenta e sete reais e cinquenta centavos");
    expect(text).toContain("***.533.447-**");
    expect(text.replace(/\D/g, "")).not.toContain(CPF);
    expect(text).toContain("Padaria Estrela Ltda");
    expect(text).toContain("45.723.174/0001-10");
  });

  it("speaks English to an English reader and opens inline for printing", async () => {
    const res = await receipt(COMPLETED.idempotentId, "?disposition=inline", { cookie: "NEXT_LOCALE=en" });
    expect(res.headers.get("content-disposition")).toBe(`inline; filename="receipt_${COMPLETED.endToEnd}.pdf"`);
    const text = flat(pdfText(new Uint8Array(await res.arrayBuffer())));
    expect(text).toContain("Pix transfer receipt");
    expect(text).toContain("eighty-seven reais and fifty centavos");
  });

  it("shows the provider's receipt page when a webhook brought one", async () => {
    const url = "https://provider.example/receipts/sbx-completed-no-qr";
    const message = testMessage({ idempotent_id: COMPLETED.idempotentId, reference_code: "ref-of-the-webhook", status: "completed", receipt_url: url });
    await recordAccepted(store.db, paymentWebhookSchema.parse(deliveryBody(message)));
    const text = flat(pdfText(new Uint8Array(await (await receipt(COMPLETED.idempotentId)).arrayBuffer())));
    expect(text).toContain(url);
  });

  it("audits each receipt handed out", async () => {
    await receipt(COMPLETED.idempotentId, "?disposition=inline");
    const { entries } = await listAudit({ action: "payment.receipt" }, store.db);
    expect(entries[0]).toMatchObject({ actorEmail: "viewer@demo.test", target: COMPLETED.idempotentId, outcome: "exported", detail: { end_to_end: COMPLETED.endToEnd, disposition: "inline" } });
  });

  it.each([
    [SANDBOX_FIXTURES.pending.idempotentId, "Aguardando autorização"],
    [SANDBOX_FIXTURES.qrAwaiting.idempotentId, "Enviado"],
    [SANDBOX_FIXTURES.qrCanceled.idempotentId, "Cancelado"],
  ])("a payment not completed (%s) is a 409 saying its status", async (id, status) => {
    const res = await receipt(id);
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; kind: string };
    expect(body.kind).toBe("conflict");
    expect(body.error).toContain(`"${status}"`);
  });

  it("says why in English too", async () => {
    const body = (await (await receipt(SANDBOX_FIXTURES.pending.idempotentId, "", { cookie: "NEXT_LOCALE=en" })).json()) as { error: string };
    expect(body.error).toBe('There is no receipt yet: the payment is "Awaiting authorization". Receipts exist for completed payments only.');
  });

  it("an unknown payment is a 404, a bad disposition a 400, both before any PDF", async () => {
    expect((await receipt("no-such-payment-anywhere")).status).toBe(404);
    const bad = await receipt(COMPLETED.idempotentId, "?disposition=download");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fields: { disposition: "deve ser inline ou attachment" } });
  });

  it("without COMPANY_NAME and COMPANY_DOCUMENT (outside sandbox mode) is a 503 naming both settings", async () => {
    delete process.env.COMPANY_NAME;
    delete process.env.COMPANY_DOCUMENT;
    resetEnvForTests();
    const res = await receipt(COMPLETED.idempotentId);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: string }).error).toMatch(/COMPANY_NAME.*COMPANY_DOCUMENT/);
  });
});
