import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setStoreForTests } from "@/lib/db";
import { auditLog, batchRows, batches } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { csvHeader, csvRows } from "@/lib/export/csv";
import { translator } from "@/lib/i18n/server";
import { MAKER } from "@/lib/transfers/testing/fixtures";
import { batchErrorsColumns } from "./errors-file";
import { cancelBatch, discardDraft, submitBatch } from "./service";
import { getBatch, getBatchSummary, rowsWithErrors } from "./store";
import { uploadBatch } from "./upload";

/** A batch in its maker's day: discard a draft, get the rows with errors to correct, cancel before anything goes. */
const OTHER = { id: "maker-2", email: "maker2@test.example" };
const ONE_APPROVAL = { tiers: [{ from_cents: 0, approvals: 1 }], expiry_hours: 24 };
const FILE =
  "\uFEFFvalor;tipo_chave;chave;nome;documento\r\n" +
  "250,00;e-mail;ana@example.com;Ana Souza;111.444.777-35\r\n" +
  "99,99;cpf;529.982.247-25;Carla Dias;529.982.247-24\r\n" +
  "abc;e-mail;bruno@example.com;Bruno Lima;390.533.447-05\r\n";

describe.each(TEST_ENGINES)("a batch in its maker's day on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    setStoreForTests(store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });
  const upload = async (text = FILE) => {
    const uploaded = await uploadBatch(store.db, { bytes: new TextEncoder().encode(text), fileName: "x.csv", contentType: "text/csv", maker: MAKER, ip: null, allowDuplicate: true });
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    return uploaded.batch;
  };

  it("a draft is discarded by its maker only, and is gone afterwards (its rows too); the discard is audited", async () => {
    const batch = await upload();
    await expect(discardDraft(store.db, batch.id, OTHER)).rejects.toMatchObject({ code: "not_maker" });
    await discardDraft(store.db, batch.id, MAKER);
    expect(await getBatchSummary(store.db, batch.id)).toBeNull();
    expect(await store.db.select().from(batchRows).where(eq(batchRows.batchId, batch.id))).toHaveLength(0);
    await expect(discardDraft(store.db, batch.id, MAKER)).rejects.toMatchObject({ code: "not_found" });
    const audit = await store.db.select().from(auditLog).where(and(eq(auditLog.target, batch.id), eq(auditLog.action, "batch.discard"))).orderBy(auditLog.id);
    expect(audit.map((a) => [a.actorId, a.outcome])).toEqual([
      [OTHER.id, "refused"],
      [MAKER.id, "discarded"],
    ]);
  });

  it("a submitted batch is not a draft: it cannot be discarded", async () => {
    const batch = await upload();
    await submitBatch(store.db, null, batch.id, MAKER, ONE_APPROVAL, { ratePerSecond: 10 });
    await expect(discardDraft(store.db, batch.id, MAKER)).rejects.toMatchObject({ code: "illegal_state" });
  });

  it("the rows with errors come out as a file with their line and reason, and that file, corrected, is read again as it is", async () => {
    const batch = await upload();
    const rows = await rowsWithErrors(store.db, batch.id);
    expect(rows.map((r) => r.line)).toEqual([3, 4]);
    const columns = batchErrorsColumns(translator("pt-BR"));
    const text = csvHeader(columns) + csvRows(columns, rows);
    const [header, ...lines] = text.replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(header!.split(";")).toEqual(["linha", "valor", "tipo_chave", "chave", "nome", "documento", "id", "ispb", "agencia", "conta", "tipo_conta", "favorecido", "descricao", "centro_de_custo", "erro"]);
    expect(lines[0]).toMatch(/^3;/);
    expect(lines[0]).toContain("99,99");
    expect(lines[0]).toContain("CPF ou CNPJ");
    expect(lines[1]).toContain("“abc”");
    // Corrected (a good CPF, a real amount), the same file goes back in: every row valid.
    const corrected = text.replace("529.982.247-24", "529.982.247-25").replace(/;"?abc"?;/, ";12,50;");
    const again = await upload(corrected);
    expect(again).toMatchObject({ rows: 2, valid: 2, invalid: 0 });
  });

  it("its maker cancels a batch waiting for approval: every row canceled, nothing sent, audited; nobody else may", async () => {
    const batch = await upload();
    await submitBatch(store.db, null, batch.id, MAKER, ONE_APPROVAL, { ratePerSecond: 10 });
    await expect(cancelBatch(store.db, batch.id, OTHER, null)).rejects.toMatchObject({ code: "not_maker" });
    await cancelBatch(store.db, batch.id, MAKER, "Folha refeita");
    const detail = (await getBatch(store.db, batch.id))!;
    expect(detail.batch.state).toBe("canceled");
    expect(detail.rows.filter((r) => r.transfer_id).every((r) => r.state === "canceled")).toBe(true);
    const [stored] = await store.db.select().from(batches).where(eq(batches.id, batch.id));
    expect(stored?.decisionReason).toBe("Folha refeita");
  });
});
