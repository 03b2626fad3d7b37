import { describe, expect, it } from "vitest";
import { encodeBrCode } from "@/lib/pix";
import { pdfPageCount, pdfText } from "@/lib/testing/pdf-text";
import type { Charge } from "./answers";
import { renderChargePdf } from "./pdf";

const content = encodeBrCode({ url: "qr.sandbox-pix.com.br/v2/cobv/0123456789abcdef", merchantName: "EMPRESA DEMO", merchantCity: "SAO PAULO", amountCents: 123_456, txid: "NF2026000123" });
const charge: Charge = {
  id: "2f0c6f2e-8c1e-4b7a-9a43-6a1f0e3c9d11",
  external_reference: "NF-2026-000123",
  kind: "qrcode",
  state: "awaiting_payment",
  value_cents: 123_456,
  payer_name: "Mercado São João Ltda",
  payer_document: "11444777000161",
  payer_email: null,
  description: "Fatura de novembro",
  due_date: "2026-12-10",
  expires_at: "2026-12-11T02:59:59.000Z",
  reference_code: "qrABC",
  content,
  payment_link: null,
  error_reason: null,
  paid: null,
  withdrawn: null,
  attention: null,
  maker_email: "operator@demo.test",
  created_at: "2026-12-02T13:00:00.000Z",
  updated_at: "2026-12-02T13:00:00.000Z",
};
const flat = (text: string) => text.replace(/\s+/g, " ");
const issuer = { name: "Empresa Demonstração Ltda", document: "11222333000181" };

describe("the charge PDF", () => {
  it("says who asks, who pays, how much, by when, with the QR code and the code to copy, in Portuguese by default", async () => {
    const pdf = await renderChargePdf(charge, { locale: "pt-BR", issuer, issuedAt: new Date("2026-12-02T13:00:00Z") });
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(pdfPageCount(pdf)).toBe(1);
    const text = flat(pdfText(pdf));
    expect(text).toContain("Cobrança Pix");
    expect(text).toContain("Empresa Demonstração Ltda · 11.222.333/0001-81");
    expect(text).toContain("R$ 1.234,56");
    expect(text).toContain("Vencimento: 10/12/2026");
    expect(text).toContain("Mercado São João Ltda · 11.444.777/0001-61");
    expect(text).toContain("NF-2026-000123");
    expect(text.replace(/ /g, "")).toContain(content.replace(/ /g, ""));
    expect(text).toContain("Aceita pagamento até 10/12/2026 23:59:59");
    // The QR code is an image on the page.
    expect(Buffer.from(pdf).toString("latin1")).toMatch(/\/Subtype \/Image/);
  });

  it("in English when asked", async () => {
    const text = flat(pdfText(await renderChargePdf(charge, { locale: "en", issuer })));
    expect(text).toContain("Pix charge");
    expect(text).toContain("Due: 10/12/2026");
  });
});
