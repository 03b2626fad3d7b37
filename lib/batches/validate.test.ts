import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { registerTransferSchema } from "@/lib/contract/register";
import { parseBatchFile } from "./parse";
import type { BatchCells, ParsedBatchRow } from "./rows";
import { defaultRowId, validateBatchRows, type InvalidBatchRow, type ValidatedBatchRow } from "./validate";

const noneUsed = async () => new Set<string>();
const KEY_ROW: BatchCells = { amount: "1.234,56", pix_key_type: "celular", pix_key: "(11) 91234-5678", receiver_name: "Ana Souza", receiver_document: "529.982.247-25" };
const BANK_ROW: BatchCells = { amount: "320,00", receiver_name: "José", receiver_document: "111.444.777-35", bank_ispb: "60701190", agency: "1234", account: "12345-6", account_type: "corrente" };

const rowsOf = (...cells: BatchCells[]): ParsedBatchRow[] => cells.map((c, i) => ({ line: i + 2, cells: c }));
const validate = (rows: ParsedBatchRow[], isIdUsed: (ids: string[]) => Promise<Set<string>> = noneUsed) => validateBatchRows(rows, { batchId: "b1", isIdUsed });
async function one(cells: BatchCells): Promise<ValidatedBatchRow> {
  const { rows } = await validate(rowsOf(cells));
  return rows[0]!;
}
async function errorsOf(cells: BatchCells) {
  const row = await one(cells);
  expect(row.state).toBe("invalid");
  return (row as InvalidBatchRow).errors;
}

describe("validateBatchRows: one row", () => {
  it("a key row becomes exactly what the single form's schema outputs", async () => {
    const row = await one(KEY_ROW);
    const expected = registerTransferSchema.parse({
      idempotent_id: "batch-b1-2",
      value_cents: 123456,
      initiation_type: "dict",
      receiver_name: "Ana Souza",
      receiver_document: "529.982.247-25",
      pix_key_type: "phone",
      pix_key: "(11) 91234-5678",
    });
    expect(row).toEqual({
      line: 2,
      state: "valid",
      cells: KEY_ROW,
      idempotent_id: "batch-b1-2",
      value_cents: 123456,
      transfer: expected,
      payable: { description: null, costCentreId: null, receiverId: null },
    });
    expect(expected).toMatchObject({ pix_key: "+5511912345678", receiver_document: "52998224725" });
  });

  it("a bank row: Portuguese account type, digits compacted, the ISPB's lost zeros restored", async () => {
    const row = await one({ ...BANK_ROW, bank_ispb: "360305", account_type: "Poupança" });
    expect(row.transfer).toMatchObject({
      initiation_type: "manual",
      receiver_bank_ispb: "00360305",
      receiver_agency: "1234",
      receiver_account: "123456",
      receiver_account_type: "SVGS",
    });
    expect(row.transfer?.pix_key).toBeUndefined();
    expect(row.transfer?.pix_key_type).toBeUndefined();
  });

  it.each([
    ["1234,56", 123456],
    ["1.234,56", 123456],
    ["1234.56", 123456],
    ["R$ 1.234,56", 123456],
    ["15,5", 1550],
    ["2500", 250000],
    ["1.000.000,00", 100_000_000],
  ])("reads the amount %s as %i cents", async (amount, cents) => {
    expect((await one({ ...KEY_ROW, amount })).value_cents).toBe(cents);
  });

  it("refuses amounts that are unreadable, negative, zero or over the one-transfer limit, under the amount", async () => {
    for (const amount of ["abc", "-10,00", "12,345", "0,00", "1.000.000,01"]) {
      const errors = await errorsOf({ ...KEY_ROW, amount });
      expect(errors, amount).toHaveLength(1);
      expect(errors[0]?.field, amount).toBe("amount");
    }
    expect(await errorsOf({ ...KEY_ROW, amount: "12,345" })).toEqual([{ field: "amount", message: "batches.errors.amountUnreadable", values: { value: "12,345" } }]);
    expect(await errorsOf({ ...KEY_ROW, amount: undefined })).toEqual([{ field: "amount", message: "validation.amount.required" }]);
  });

  it.each([
    ["Celular", "phone"],
    ["telefone", "phone"],
    ["E-mail", "email"],
    ["CPF", "cpf"],
    ["cnpj", "cnpj"],
    ["Chave aleatória", "token"],
    ["aleatoria", "token"],
    ["EVP", "token"],
  ])("reads the key type label %s", async (label, type) => {
    const keys: Record<string, string> = { phone: "11912345678", email: "a@b.com.br", cpf: "52998224725", cnpj: "11222333000181", token: "123e4567-e89b-12d3-a456-426614174000" };
    const row = await one({ ...KEY_ROW, pix_key_type: label, pix_key: keys[type] });
    expect(row.transfer?.pix_key_type).toBe(type);
  });

  it("checks CPF/CNPJ check digits (alphanumeric CNPJ included) and restores a CPF's lost leading zero", async () => {
    expect((await one({ ...KEY_ROW, receiver_document: "12.ABC.345/01DE-35" })).state).toBe("valid");
    const wrong = await errorsOf({ ...KEY_ROW, receiver_document: "529.982.247-24" });
    expect(wrong.map((e) => e.field)).toEqual(["receiver_document"]);
    // 01234567890 is not valid either way; 0 + 9 digits of a valid CPF is.
    expect((await one({ ...KEY_ROW, receiver_document: "8468440108" })).transfer?.receiver_document).toBe("08468440108");
  });

  it("checks the key's format for its type", async () => {
    for (const [type, key] of [["e-mail", "not-an-email"], ["cpf", "111.111.111-11"], ["celular", "123"], ["evp", "abc"]]) {
      const errors = await errorsOf({ ...KEY_ROW, pix_key_type: type, pix_key: key });
      expect(errors.map((e) => e.field), `${type} ${key}`).toEqual(["pix_key"]);
    }
  });

  it("names unknown key and account types with the value written", async () => {
    expect(await errorsOf({ ...KEY_ROW, pix_key_type: "pix" })).toEqual([{ field: "pix_key_type", message: "batches.errors.keyTypeUnknown", values: { value: "pix" } }]);
    expect(await errorsOf({ ...BANK_ROW, account_type: "investimento" })).toEqual([{ field: "account_type", message: "batches.errors.accountTypeUnknown", values: { value: "investimento" } }]);
  });

  it("says which required cells are blank, in the schema's words, one message per field", async () => {
    const errors = await errorsOf({ amount: "10,00", pix_key_type: "cpf" });
    expect(errors).toEqual([
      { field: "receiver_name", message: "validation.receiverName.required" },
      { field: "receiver_document", message: "validation.document.required" },
      { field: "pix_key", message: "validation.pixKey.cpf.empty" },
    ]);
    const bank = await errorsOf({ ...BANK_ROW, agency: undefined, bank_ispb: "123" });
    expect(bank.map((e) => e.field).sort()).toEqual(["agency"]);
    expect((await errorsOf({ ...BANK_ROW, bank_ispb: "123456789" })).map((e) => e.field)).toEqual(["bank_ispb"]);
  });

  it("refuses a row with both a key and a bank account, with neither, or with a value under no header", async () => {
    expect((await errorsOf({ ...KEY_ROW, ...BANK_ROW })).map((e) => e.message)).toContain("batches.errors.keyAndBank");
    expect(await errorsOf({ amount: "1,00", receiver_name: "A", receiver_document: "52998224725" })).toEqual([{ field: "row", message: "batches.errors.noKeyNorBank" }]);
    const { rows } = await validate([{ line: 2, cells: KEY_ROW, strayCell: "K" }]);
    expect(rows[0]?.errors).toEqual([{ field: "row", message: "batches.errors.strayCell", values: { letter: "K" } }]);
  });

  it("keeps the file's own id (trimmed by the reader) and checks it like the form does", async () => {
    expect((await one({ ...KEY_ROW, idempotent_id: "nf-2026-0001" })).idempotent_id).toBe("nf-2026-0001");
    expect((await errorsOf({ ...KEY_ROW, idempotent_id: "nota fiscal 1" })).map((e) => e.field)).toEqual(["idempotent_id"]);
    expect((await errorsOf({ ...KEY_ROW, idempotent_id: "x".repeat(256) })).map((e) => e.field)).toEqual(["idempotent_id"]);
  });

  it("carries no authorization of its own: the back office's approvals authorize every transfer when it is sent", async () => {
    const { rows } = await validateBatchRows(rowsOf(KEY_ROW), { batchId: "b1", isIdUsed: noneUsed });
    expect(rows[0]?.transfer).toBeDefined();
    expect(rows[0]?.transfer).not.toHaveProperty("authorized");
  });
});

describe("validateBatchRows: the file as a whole", () => {
  it("flags a row repeating an earlier one (same receiver, amount and key or account), naming the first line", async () => {
    const { rows, totals } = await validate(rowsOf(KEY_ROW, { ...KEY_ROW, pix_key: "11912345678", receiver_document: "52998224725" }, { ...KEY_ROW, amount: "1.234,57" }, BANK_ROW, { ...BANK_ROW, account: "123456" }));
    expect(rows.map((r) => r.state)).toEqual(["valid", "invalid", "valid", "valid", "invalid"]);
    expect(rows[1]?.errors).toEqual([{ field: "row", message: "batches.errors.duplicateInFile", values: { line: 2 } }]);
    expect(rows[4]?.errors).toEqual([{ field: "row", message: "batches.errors.duplicateInFile", values: { line: 5 } }]);
    expect(totals).toEqual({ rows: 5, valid: 3, invalid: 2, total_cents: 123456 + 123457 + 32000 });
  });

  it("flags a repeated id, naming the first line", async () => {
    const { rows } = await validate(rowsOf({ ...KEY_ROW, idempotent_id: "nf-1" }, { ...BANK_ROW, idempotent_id: "nf-1" }));
    expect(rows[1]?.errors).toEqual([{ field: "idempotent_id", message: "batches.errors.duplicateId", values: { line: 2 } }]);
  });

  it("asks once which ids were used, and flags those rows", async () => {
    const isIdUsed = vi.fn(async (ids: string[]) => new Set<string>(ids.filter((id) => id === "nf-paid")));
    const { rows } = await validate(rowsOf({ ...KEY_ROW, idempotent_id: "nf-paid" }, BANK_ROW, { ...KEY_ROW, amount: "x" }), isIdUsed);
    expect(isIdUsed).toHaveBeenCalledTimes(1);
    expect(isIdUsed).toHaveBeenCalledWith(["nf-paid", "batch-b1-3"]);
    expect(rows.map((r) => r.state)).toEqual(["invalid", "valid", "invalid"]);
    expect(rows[0]?.errors).toEqual([{ field: "idempotent_id", message: "batches.errors.idUsed", values: { id: "nf-paid" } }]);
  });

  it("does not ask when no row is valid", async () => {
    const isIdUsed = vi.fn(noneUsed);
    await validate(rowsOf({ ...KEY_ROW, amount: "x" }), isIdUsed);
    expect(isIdUsed).not.toHaveBeenCalled();
  });

  it("derives default ids from the batch and the line: the same every time, different per batch", async () => {
    const rows = rowsOf(KEY_ROW, BANK_ROW);
    const first = await validate(rows);
    const again = await validate(rows);
    const other = await validateBatchRows(rows, { batchId: "b2", isIdUsed: noneUsed });
    expect(first.rows.map((r) => r.idempotent_id)).toEqual(["batch-b1-2", "batch-b1-3"]);
    expect(again.rows.map((r) => r.idempotent_id)).toEqual(first.rows.map((r) => r.idempotent_id));
    expect(other.rows.map((r) => r.idempotent_id)).toEqual(["batch-b2-2", "batch-b2-3"]);
    expect(defaultRowId("0190a1b2-c3d4", 5000)).toBe("batch-0190a1b2-c3d4-5000");
    expect(() => defaultRowId("has space", 2)).toThrow();
    expect(() => defaultRowId("x".repeat(201), 2)).toThrow();
  });

  it("validates the Excel-saved fixture: 5 good rows, a bad CPF, an unknown key type and a repeated row", async () => {
    const reading = await parseBatchFile(readFileSync(new URL("./fixtures/excel-pt-br.csv", import.meta.url)), { fileName: "lote.csv" });
    if (!reading.ok) throw new Error("fixture refused");
    const { rows, totals } = await validate(reading.rows);
    expect(rows.map((r) => [r.line, r.state])).toEqual([
      [2, "valid"],
      [3, "valid"],
      [4, "valid"],
      [6, "valid"],
      [7, "valid"],
      [8, "invalid"],
      [9, "invalid"],
      [10, "invalid"],
    ]);
    expect(rows[1]?.transfer).toMatchObject({ pix_key: "compras@padaria.com.br", receiver_name: 'Padaria "Pão Quente" Ltda', value_cents: 8990, idempotent_id: "pedido-7781" });
    expect(rows[2]?.transfer).toMatchObject({ pix_key_type: "token", pix_key: "123e4567-e89b-12d3-a456-426614174000" });
    expect(rows[3]?.transfer).toMatchObject({ receiver_bank_ispb: "00360305", receiver_agency: "0042", receiver_account: "987650", receiver_account_type: "SVGS" });
    expect(rows[5]?.errors?.map((e) => e.field)).toEqual(["receiver_document"]);
    expect(rows[6]?.errors?.[0]).toMatchObject({ message: "batches.errors.keyTypeUnknown", values: { value: "pix" } });
    expect(rows[7]?.errors?.[0]).toMatchObject({ message: "batches.errors.duplicateInFile", values: { line: 2 } });
    expect(totals).toEqual({ rows: 8, valid: 5, invalid: 3, total_cents: 123456 + 8990 + 250000 + 32000 + 1550 });
  });
});
