import { unzipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { batchCsvBytes, generateBatchCells } from "@/lib/batches/fixtures/generate";
import { submitBatch } from "@/lib/batches/service";
import { getBatch } from "@/lib/batches/store";
import { uploadBatch } from "@/lib/batches/upload";
import { setStoreForTests } from "@/lib/db";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";
import { planFor } from "@/sandbox/lifecycle";
import { pdfText } from "@/lib/testing/pdf-text";
import { submitTransfer } from "@/lib/transfers/server/engine";
import { reconcile } from "@/lib/transfers/server/reconcile";
import { driveEngine } from "@/lib/transfers/testing/drive";
import { approvedRequest, MAKER, seedTestPeople, TEST_ENGINE_SETTINGS, usePolicy } from "@/lib/transfers/testing/fixtures";

vi.mock("@/lib/auth/guard", () => ({
  requireApiUser: vi.fn(async () => ({ user: { id: "u-op", email: "operator@demo.test", name: "Op", role: "operator" } })),
}));

const { GET } = await import("./route");
const { GET: BATCH_RECEIPTS } = await import("@/app/api/batches/[id]/receipts/route");

let sandbox: TestSandbox;
let store: TestStore;
beforeAll(async () => {
  sandbox = await startTestSandbox({ autoClock: false, balanceCents: 900_000_000 });
  store = await TEST_ENGINES[0]!.open();
  await seedTestPeople(store.db);
  await usePolicy(store.db, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 });
  setStoreForTests(store);
});
afterAll(async () => {
  setStoreForTests(undefined);
  await store?.close();
  await sandbox?.close();
});
beforeEach(() => {
  Object.assign(process.env, { COMPANY_NAME: "Padaria Estrela Ltda", COMPANY_DOCUMENT: "45.723.174/0001-10" });
  resetEnvForTests();
});

const receipt = (id: string) => GET(new Request(`http://localhost:3000/api/transfers/${id}/receipt`, { headers: { cookie: "NEXT_LOCALE=pt-BR" } }), { params: Promise.resolve({ id }) });
const completing = (prefix: string) => {
  for (let i = 0; ; i++) if (planFor(`${prefix}-${i}`) === "complete") return `${prefix}-${i}`;
};
/** Lets the sandbox finish every payment, and the reconciler follow them (no webhook receiver here). */
const finish = async () => {
  await sandbox.sandbox.core.lifecycle.settle();
  await reconcile(store.db, { staleSeconds: 120, refreshMinutes: 10, windowHours: 1 }, async () => undefined, new Date(Date.now() + 3_600_000));
};

describe("the comprovante of a paid transfer request", () => {
  it("a paid transfer's PDF: its end_to_end, the amount in figures and words, the CPF masked; not yet paid: 409 saying why", async () => {
    const row = await approvedRequest(store.db, completing(`rcpt-${Date.now().toString(36)}`), 43_210);
    await submitTransfer(store.db, row.id, TEST_ENGINE_SETTINGS);
    const early = await receipt(row.id);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toContain("Registrada");

    await finish();
    const res = await receipt(row.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, " ");
    const payment = sandbox.sandbox.core.index.get(row.idempotentId)!;
    expect(text).toContain(payment.end_to_end!);
    expect(text).toContain("R$ 432,10");
    expect(text).toContain("quatrocentos e trinta e dois reais e dez centavos");
    expect(text).toContain("***.533.447-**");
    expect(text).not.toContain("390.533.447-05");
    expect(text).not.toContain("39053344705");
  });

  it("an unknown transfer is 404", async () => {
    expect((await receipt("8a8e2b8e-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("a batch's receipts: a ZIP with one PDF per paid row, named by row and receiver, and the results file", async () => {
    const uploaded = await uploadBatch(store.db, { bytes: batchCsvBytes(generateBatchCells(6, 4_242)), fileName: "folha.csv", contentType: "text/csv", maker: MAKER, ip: null, allowDuplicate: true });
    if (!uploaded.ok) throw new Error("upload refused");
    const batchId = uploaded.batch.id;
    const params = { params: Promise.resolve({ id: batchId }) };
    const zipOf = () => BATCH_RECEIPTS(new Request(`http://localhost:3000/api/batches/${batchId}/receipts`, { headers: { cookie: "NEXT_LOCALE=pt-BR" } }), params);
    await submitBatch(store.db, null, batchId, MAKER, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 }, { ratePerSecond: 100 });
    const ids = (await getBatch(store.db, batchId))!.rows.filter((r) => r.transfer_id).map((r) => r.transfer_id!);
    expect((await zipOf()).status).toBe(409); // nothing paid yet
    await driveEngine(store.db, ids, TEST_ENGINE_SETTINGS);
    await finish();
    const detail = (await getBatch(store.db, batchId))!;
    const paid = detail.rows.filter((r) => r.state === "paid");
    expect(paid.length).toBeGreaterThan(0);

    const res = await zipOf();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const pdfs = Object.keys(files).filter((name) => name.endsWith(".pdf"));
    expect(pdfs).toHaveLength(paid.length);
    for (const row of paid) {
      const name = pdfs.find((n) => n.startsWith(String(row.line).padStart(4, "0")));
      expect(name, `line ${row.line}`).toBeDefined();
      expect(pdfText(files[name!]!)).toContain(row.end_to_end!);
    }
    const csv = Object.keys(files).find((name) => name.endsWith(".csv"));
    expect(new TextDecoder().decode(files[csv!]!).split(/\r?\n/).filter(Boolean)).toHaveLength(detail.rows.length + 1);
  });
});
