import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { pdfText } from "@/lib/testing/pdf-text";
import { insertRequests } from "@/lib/transfers/server/store";
import { MAKER, newIdempotentId, transferOf } from "@/lib/transfers/testing/fixtures";
import { authenticateReceipt, authenticationCode, verifyAuthenticationCode } from "./authentication";
import { renderReceiptPdf } from "./pdf";
import { receiptFromTransfer } from "./transfer-receipt";
import { normalizeAuthCode } from "./verify-answer";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const COMPANY = { name: "Empresa Demonstração Ltda", document: "11222333000181" };

/**
 * A paid transfer's comprovante: the description stays off it (the form says it does not go to
 * the receiver: the provider's registration has no such field), and its authentication code is
 * found again by the public check, with the three facts it may tell and nothing else.
 */
describe.each(TEST_ENGINES)("a transfer's comprovante on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  async function paidReceipt(valueCents: number, description: string) {
    const [row] = await store.db.transaction((tx) =>
      insertRequests(
        tx,
        [{ transfer: transferOf(newIdempotentId("rcpt"), valueCents), maker: MAKER, submittedBy: MAKER, approvalsRequired: 0, expiresAt: null, description }],
        new Date(),
      ),
    );
    const [paid] = await store.db
      .update(transferRequests)
      .set({ state: "paid", endToEnd: `E18236120202611161415${String(valueCents).padStart(11, "0")}`, paymentDate: new Date("2026-11-16T17:15:02Z"), referenceCode: "ref-1" })
      .where(eq(transferRequests.id, row!.id))
      .returning();
    const receipt = receiptFromTransfer(paid!, COMPANY, null);
    if (!receipt.ok) throw new Error(JSON.stringify(receipt.refusal));
    return receipt.data;
  }

  it("does not print the description, and prints a code the public check finds with the Pix's three facts", async () => {
    const data = await paidReceipt(98_765, "Aluguel de dezembro — sede");
    const code = await authenticateReceipt(store.db, data, SECRET);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    const text = pdfText(await renderReceiptPdf(data, { locale: "pt-BR", issuedAt: new Date("2026-11-20T12:00:00Z"), authentication: { code, verifyUrl: "https://x.example/comprovante/verificar" } })).replace(/\s+/g, " ");
    expect(text).not.toContain("Aluguel de dezembro");
    expect(text).not.toContain("Descrição");
    expect(text).toContain(`Autenticação ${code}`);

    expect(await verifyAuthenticationCode(store.db, normalizeAuthCode(code.toLowerCase())!)).toEqual({
      valid: true,
      end_to_end: data.endToEnd,
      value_cents: 98_765,
      payment_date: "2026-11-16T17:15:02.000Z",
    });
    // Issuing it again is the same code and the same row.
    expect(await authenticateReceipt(store.db, data, SECRET)).toBe(code);
  });

  it("a code changes with any fact it certifies and with the server's key; an unknown one is not valid", async () => {
    const data = await paidReceipt(4_321, "");
    const code = authenticationCode(data, SECRET);
    expect(authenticationCode({ ...data, amountCents: 4_322 }, SECRET)).not.toBe(code);
    expect(authenticationCode({ ...data, receiver: { ...data.receiver, name: "Outra Pessoa" } }, SECRET)).not.toBe(code);
    expect(authenticationCode(data, `${SECRET}x`)).not.toBe(code);
    // Never issued (only computed): the check does not know it.
    expect(await verifyAuthenticationCode(store.db, normalizeAuthCode(code)!)).toEqual({ valid: false, end_to_end: null, value_cents: null, payment_date: null });
  });
});
