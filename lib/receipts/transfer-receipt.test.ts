import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { pdfText } from "@/lib/testing/pdf-text";
import { insertRequests } from "@/lib/transfers/store";
import { MAKER, newIdempotentId, transferOf } from "@/lib/transfers/testing/fixtures";
import { renderReceiptPdf } from "./pdf";
import { receiptFromTransfer } from "./transfer-receipt";

/** A paid transfer's comprovante carries the description its maker gave (a payable's own words). */
describe.each(TEST_ENGINES)("a transfer's comprovante on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(() => store?.close());

  it("prints the description of the request", async () => {
    const [row] = await store.db.transaction((tx) =>
      insertRequests(
        tx,
        [{ transfer: transferOf(newIdempotentId("rcpt"), 98_765), maker: MAKER, submittedBy: MAKER, approvalsRequired: 0, expiresAt: null, description: "Aluguel de dezembro — sede" }],
        new Date(),
      ),
    );
    const [paid] = await store.db
      .update(transferRequests)
      .set({ state: "paid", endToEnd: "E18236120202611161415SBXNOQRCOD1", paymentDate: new Date("2026-11-16T17:15:02Z"), referenceCode: "ref-1" })
      .where(eq(transferRequests.id, row!.id))
      .returning();
    const receipt = receiptFromTransfer(paid!, { name: "Empresa Demonstração Ltda", document: "11222333000181" }, null);
    if (!receipt.ok) throw new Error(JSON.stringify(receipt.refusal));
    expect(receipt.data.description).toBe("Aluguel de dezembro — sede");
    const text = pdfText(await renderReceiptPdf(receipt.data, { locale: "pt-BR", issuedAt: new Date("2026-11-20T12:00:00Z") })).replace(/\s+/g, " ");
    expect(text).toContain("Descrição");
    expect(text).toContain("Aluguel de dezembro — sede");
  });
});
