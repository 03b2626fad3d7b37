import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCostCentre, updateCostCentre } from "@/lib/cost-centres/service";
import { setStoreForTests } from "@/lib/db";
import { transferRequests } from "@/lib/db/schema";
import { TEST_ENGINES, type TestStore } from "@/lib/db/test-engines";
import { csvHeader, csvRows } from "@/lib/export/csv";
import { excelText, readCsv } from "@/lib/export/read-csv";
import { translator } from "@/lib/i18n/server";
import { receiverInputSchema } from "@/lib/receivers/schema";
import { createReceiver } from "@/lib/receivers/service";
import { MAKER, seedTestPeople } from "@/lib/transfers/testing/fixtures";
import { batchResultsColumns } from "./results-columns";
import { submitBatch } from "./service";
import { getBatch } from "./store";
import { uploadBatch } from "./upload";

/**
 * Batch rows as payables: a row may name a saved receiver by its nickname (`favorecido`) instead
 * of the receiver's data, and carry a description (`descricao`) and a cost centre by its code
 * (`centro_de_custo`); the transfer requests it makes carry all three, and so does the results file.
 */
const NO_APPROVALS = { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 };
const maker = { ...MAKER, ip: null };
const csv = (lines: string[]) => new TextEncoder().encode(lines.join("\r\n"));

describe.each(TEST_ENGINES)("batch rows naming saved receivers and cost centres on $name", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await engine.open();
    await seedTestPeople(store.db);
    setStoreForTests(store);
    await createReceiver(
      store.db,
      receiverInputSchema.parse({ nickname: "Aluguel Sede", receiver_name: "Imobiliária Central Ltda", receiver_document: "11.222.333/0001-81", initiation_type: "dict", pix_key_type: "email", pix_key: "aluguel@central.com.br" }),
      maker,
    );
    await createReceiver(
      store.db,
      receiverInputSchema.parse({
        nickname: "Contador",
        receiver_name: "João Pereira",
        receiver_document: "111.444.777-35",
        initiation_type: "manual",
        receiver_bank_ispb: "60701190",
        receiver_agency: "1234",
        receiver_account: "123456",
        receiver_account_type: "CACC",
      }),
      maker,
    );
    await createCostCentre(store.db, { code: "ADM", name: "Administrativo" }, maker);
    const old = await createCostCentre(store.db, { code: "OLD", name: "Antigo" }, maker);
    await updateCostCentre(store.db, old.id, { active: false }, maker);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await store?.close();
  });

  it("reads each row: by nickname (accents and case aside) or by its own data; unknown nickname, both at once, unknown or inactive centre, long or deceiving description, deceiving name are row errors", async () => {
    const uploaded = await uploadBatch(store.db, {
      bytes: csv([
        "valor;favorecido;nome;documento;tipo_chave;chave;descricao;centro_de_custo",
        "3.500,00;aluguel sede;;;;;Aluguel de dezembro;adm",
        "800,00;CONTADOR;;;;;Honorários;",
        "120,00;;Maria Souza;529.982.247-25;celular;(11) 91234-5678;Reembolso;ADM",
        "10,00;Fornecedor Fantasma;;;;;;",
        "11,00;Aluguel Sede;Outro Nome;;;;;",
        "12,00;Contador;;;;;;XYZ",
        "13,00;Contador;;;;;;OLD",
        `14,00;Contador;;;;;${"x".repeat(141)};`,
        "15,00;Contador;;;;;Aluguel \u202Egnp.exe\u202C;",
        "16,00;;Bidi \u2066Ltda;529.982.247-25;celular;(11) 91234-5678;;",
      ]),
      fileName: "folha.csv",
      contentType: "text/csv",
      maker,
      ip: null,
      allowDuplicate: false,
    });
    if (!uploaded.ok) throw new Error(JSON.stringify(uploaded));
    expect(uploaded.batch).toMatchObject({ rows: 10, valid: 3, invalid: 7 });
    const detail = (await getBatch(store.db, uploaded.batch.id))!;
    const line = (n: number) => detail.rows.find((r) => r.line === n)!;
    expect(line(2)).toMatchObject({ state: "valid", receiver_name: "Imobiliária Central Ltda", receiver_document: "11222333000181", pix_key: "aluguel@central.com.br", description: "Aluguel de dezembro", cost_centre: "ADM", cost_centre_name: "Administrativo" });
    expect(line(3)).toMatchObject({ state: "valid", receiver_name: "João Pereira", bank: { ispb: "60701190", account: "123456", account_type: "CACC" } });
    expect(line(4)).toMatchObject({ state: "valid", receiver_name: "Maria Souza", receiver_document: "52998224725" });
    const errors = (n: number) => line(n).errors?.map((e) => [e.field, e.message]);
    expect(errors(5)).toEqual([["receiver_nickname", "batches.errors.unknownReceiver"]]);
    expect(errors(6)).toEqual([["receiver_name", "batches.errors.nicknameAndData"]]);
    expect(errors(7)).toEqual([["cost_centre", "batches.errors.unknownCostCentre"]]);
    expect(errors(8)).toEqual([["cost_centre", "batches.errors.inactiveCostCentre"]]);
    expect(errors(9)).toEqual([["description", "validation.description.tooLong"]]);
    expect(errors(10)).toEqual([["description", "validation.text.notPlain"]]);
    expect(errors(11)).toEqual([["receiver_name", "validation.text.notPlain"]]);

    // Submitted: each request carries the row's description, cost centre and saved receiver.
    await submitBatch(store.db, null, uploaded.batch.id, maker, NO_APPROVALS, { ratePerSecond: 100 });
    const requests = await store.db.select().from(transferRequests).where(eq(transferRequests.batchId, uploaded.batch.id)).orderBy(transferRequests.batchLine);
    expect(requests.map((r) => [r.batchLine, r.description, r.costCentreId !== null, r.receiverId !== null])).toEqual([
      [2, "Aluguel de dezembro", true, true],
      [3, "Honorários", false, true],
      [4, "Reembolso", true, false],
    ]);

    // The results file names the description and the cost centre of each row.
    const columns = batchResultsColumns(translator("pt-BR"));
    const after = (await getBatch(store.db, uploaded.batch.id))!;
    const [header, ...lines] = readCsv(csvHeader(columns) + csvRows(columns, after.rows)).map((cells) => cells.map(excelText));
    expect(header).toEqual(expect.arrayContaining(["Descrição", "Centro de custo"]));
    const cell = (n: number, key: string) => lines.find((l) => l[0] === String(n))![columns.findIndex((c) => c.key === key)];
    expect(cell(2, "description")).toBe("Aluguel de dezembro");
    expect(cell(2, "cost_centre")).toBe("ADM - Administrativo");
    expect(cell(3, "cost_centre")).toBe("");
  });

  it("a file of nicknames only needs no receiver columns; one without nicknames still needs them", async () => {
    const byNickname = await uploadBatch(store.db, {
      bytes: csv(["valor;apelido", "50,00;Contador"]),
      fileName: "apelidos.csv",
      contentType: "text/csv",
      maker,
      ip: null,
      allowDuplicate: false,
    });
    expect(byNickname.ok && byNickname.batch).toMatchObject({ rows: 1, valid: 1 });
    const noReceiver = await uploadBatch(store.db, { bytes: csv(["valor;descricao", "50,00;Nada"]), fileName: "x.csv", contentType: "text/csv", maker, ip: null, allowDuplicate: false });
    expect(noReceiver).toMatchObject({ ok: false, problem: { message: "batches.errors.missingColumn", values: { column: "receiver_name" } } });
  });
});
