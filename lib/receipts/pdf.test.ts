import { describe, expect, it } from "vitest";
import { pdfPageCount, pdfText } from "@/lib/testing/pdf-text";
import { renderReceiptPdf } from "./pdf";
import type { ReceiptData } from "./receipt-data";

const CPF = "39053344705";

function receipt(over: Partial<ReceiptData> = {}, receiver: Partial<ReceiptData["receiver"]> = {}): ReceiptData {
  return {
    payer: { name: "Empresa Demonstração Ltda", document: "11222333000181" },
    amountCents: 123456,
    paidAt: "2026-11-16T14:15:02.123-03:00",
    endToEnd: "E18236120202611161415SBXNOQRCOD1",
    referenceCode: "sbxfixture02completednoqr",
    idempotentId: "sandbox-known-completed-no-qr",
    receiver: {
      name: "Maria Aparecida dos Santos",
      document: CPF,
      pixKey: { type: "email", key: "maria.santos@gmail.com" },
      bank: { ispb: null, name: "Banco do Brasil", agency: "1234", account: "567890", accountType: "checking_account" },
      ...receiver,
    },
    receiptUrl: "https://provider.example/receipts/abc",
    ...over,
  };
}

const issuedAt = new Date("2026-11-20T12:00:00Z");
const authentication = { code: "7K3M-Q9PX-2W4R-T8VB-N6CJ", verifyUrl: "https://pix.example.com/comprovante/verificar" };
/** pdftotext breaks lines where the page does: compare on single spaces. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("the comprovante PDF", () => {
  it("says who, how much in figures and words, when, and the ids, in Portuguese by default", async () => {
    const pdf = await renderReceiptPdf(receipt(), { locale: "pt-BR", issuedAt, authentication });
    expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    expect(pdfPageCount(pdf)).toBe(1);
    const text = flat(pdfText(pdf));
    expect(text).toContain("Comprovante de transferência Pix");
    expect(text).toContain("R$ 1.234,56");
    expect(text).toContain("mil duzentos e trinta e quatro reais e cinquenta e seis centavos");
    expect(text).toContain("16/11/2026 às 14:15:02 (horário de Brasília)");
    expect(text).toContain("E18236120202611161415SBXNOQRCOD1");
    expect(text).toContain("sbxfixture02completednoqr");
    expect(text).toContain("sandbox-known-completed-no-qr");
    expect(text).toContain("Maria Aparecida dos Santos");
    expect(text).toContain("Empresa Demonstração Ltda");
    expect(text).toContain("11.222.333/0001-81");
    expect(text).toContain("Banco do Brasil");
    expect(text).toContain("https://provider.example/receipts/abc");
    expect(text).toContain("Emitido em 20/11/2026 às 09:00:00");
  });

  it("says how the Pix went, both institutions, and the authentication code after the label with where to check it", async () => {
    const text = flat(pdfText(await renderReceiptPdf(receipt(), { locale: "pt-BR", issuedAt, authentication })));
    expect(text).toContain("Forma de envio Por chave Pix");
    // The receiver's bank as the provider's single read names it; the payer's from the end_to_end's ISPB.
    expect(text).toContain("Instituição Banco do Brasil");
    expect(text).toMatch(/QUEM PAGOU .*Instituição Nu Pagamentos \(Nubank\) \(ISPB 18236120\) IDENTIFICAÇÃO/);
    expect(text).toContain("Autenticação 7K3M-Q9PX-2W4R-T8VB-N6CJ");
    expect(text).toContain("https://pix.example.com/comprovante/verificar");
  });

  it("masks the receiver's CPF and key and never prints the full CPF", async () => {
    const text = flat(pdfText(await renderReceiptPdf(receipt({}, { pixKey: { type: "cpf", key: CPF } }), { locale: "pt-BR", issuedAt, authentication })));
    expect(text).toContain("***.533.447-**");
    expect(text.replace(/\D/g, "")).not.toContain(CPF);
    expect(text).not.toContain("390.533.447-05");
  });

  it("is in English for an English reader, the amount in English words", async () => {
    const text = flat(pdfText(await renderReceiptPdf(receipt(), { locale: "en", issuedAt, authentication })));
    expect(text).toContain("Pix transfer receipt");
    expect(text).toContain("one thousand two hundred thirty-four reais and fifty-six centavos");
    expect(text).toContain("16/11/2026 at 14:15:02 (Brazil time)");
    expect(text).toContain("End-to-end ID");
  });

  it("draws a name in another script or with emoji without failing (unknown characters as ?)", async () => {
    const pdf = await renderReceiptPdf(receipt({}, { name: "Дмитрий 王小明 😀 Ltda" }), { locale: "pt-BR", issuedAt, authentication });
    const text = flat(pdfText(pdf));
    expect(text).toContain("??????? ??? ? Ltda");
    expect(text).toContain("E18236120202611161415SBXNOQRCOD1");
  });

  it("shows a transfer by bank account without a key, the institution named by its ISPB", async () => {
    const data = receipt({ receiptUrl: null }, { pixKey: null, bank: { ispb: "60701190", name: null, agency: "0001", account: "123456", accountType: "savings_account" } });
    const text = flat(pdfText(await renderReceiptPdf(data, { locale: "pt-BR", issuedAt, authentication })));
    expect(text).toContain("Itaú Unibanco (ISPB 60701190)");
    expect(text).toContain("Poupança");
    expect(text).toContain("Forma de envio Por dados bancários");
    expect(text).not.toContain("Chave Pix");
    expect(text).not.toContain("Comprovante no provedor");
  });
});
