import { unzipSync } from "fflate";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentWebhookSchema } from "@/lib/contract";
import { setStoreForTests } from "@/lib/db";
import { batches, transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { recordAccepted } from "@/lib/events/store";
import { deliveryBody, testMessage } from "@/lib/events/testing";
import { translator } from "@/lib/i18n/server";
import { pdfText } from "@/lib/testing/pdf-text";
import { insertRequests } from "@/lib/transfers/server/store";
import { MAKER, newIdempotentId, transferOf } from "@/lib/transfers/testing/fixtures";
import { batchReceiptsZip } from "./receipts";

let store: TestStore;
beforeAll(async () => {
  store = await TEST_ENGINES[0]!.open();
  setStoreForTests(store);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store?.close();
});
beforeEach(() => {
  Object.assign(process.env, { COMPANY_NAME: "Padaria Estrela Ltda", COMPANY_DOCUMENT: "45.723.174/0001-10" });
  resetEnvForTests();
});

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("a batch's receipts ZIP", () => {
  it("each comprovante carries the provider's receipt link when its webhook brought one (as the single one does) and its authentication code", async () => {
    const batchId = `batch-rcpt-${Date.now().toString(36)}`;
    await store.db.insert(batches).values({ id: batchId, fileSha256: "x", fileFormat: "csv", makerId: MAKER.id, makerEmail: MAKER.email, state: "completed", rows: 2, valid: 2, invalid: 0, totalCents: 3_000 });
    const ids = [newIdempotentId("rcpt-a"), newIdempotentId("rcpt-b")];
    const rows = await store.db.transaction((tx) =>
      insertRequests(tx, ids.map((id, i) => ({ transfer: transferOf(id, 1_000 * (i + 1)), maker: MAKER, submittedBy: MAKER, approvalsRequired: 0, expiresAt: null, batch: { id: batchId, line: i + 1 } })), new Date()),
    );
    for (const [i, row] of rows.entries()) {
      await store.db
        .update(transferRequests)
        .set({ state: "paid", endToEnd: `E18236120202611161415BATCHRCPT0${i + 1}`, paymentDate: new Date("2026-11-16T17:15:02Z"), referenceCode: `ref-${i + 1}` })
        .where(eq(transferRequests.id, row.id));
    }
    const link = "https://provider.example/receipts/row-one";
    await recordAccepted(store.db, paymentWebhookSchema.parse(deliveryBody(testMessage({ idempotent_id: ids[0], reference_code: "ref-1", status: "completed", receipt_url: link }))));

    const zip = await batchReceiptsZip(store.db, batchId, { locale: "pt-BR", t: translator("pt-BR") });
    if (!zip.ok) throw new Error(JSON.stringify(zip.refusal));
    const files = unzipSync(await bytesOf(zip.stream));
    const pdfs = Object.keys(files).filter((name) => name.endsWith(".pdf")).sort();
    expect(pdfs).toHaveLength(2);
    const [first, second] = pdfs.map((name) => pdfText(files[name]!).replace(/\s+/g, " "));
    expect(first).toContain(`Comprovante no provedor ${link}`);
    expect(second).not.toContain("Comprovante no provedor");
    for (const text of [first, second]) expect(text).toMatch(/Autenticação [0-9A-Z]{4}(-[0-9A-Z]{4}){4}/);
  });
});
