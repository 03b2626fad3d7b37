import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { MAX_BATCH_ROWS, MAX_XLSX_EXPANDED_BYTES } from "./limits";
import { parseBatchFile, type BatchFileReading } from "./parse";
import { xlsxBomb } from "./fixtures/zip-bomb";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function xlsxBytes(build: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  build(book.addWorksheet("Pagamentos"), book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

function rowsOf(reading: BatchFileReading) {
  if (!reading.ok) throw new Error(`refused: ${JSON.stringify(reading.problem)}`);
  return reading.rows;
}

describe("parseBatchFile: XLSX", () => {
  it("reads the first sheet's cells as the text a person typed", async () => {
    const bytes = await xlsxBytes((sheet, book) => {
      sheet.addRow(["Valor", "Tipo de chave", "Chave", "Nome", "Documento", "ID", "ISPB", "Agência", "Conta", "Tipo de conta"]);
      sheet.addRow([1234.56, "celular", 11912345678, { richText: [{ text: "Ana " }, { text: "Souza", font: { bold: true } }] }, 52998224725, new Date(Date.UTC(2026, 2, 1))]);
      sheet.addRow([0.1 + 0.2, "e-mail", { text: "a@b.com.br", hyperlink: "mailto:a@b.com.br" }, "Bia", "529.982.247-25", "nf-1"]);
      sheet.addRow([]);
      sheet.addRow([{ formula: "2*10", result: 20 }, "cpf", "", "Caio", 1234567890, "", 360305, "0042", 123456, "corrente"]);
      sheet.getCell("E5").numFmt = "00000000000";
      sheet.addRow(["1.234,56", "cpf", "", "Duda", 12.345]);
      sheet.addRow([12.345, "cpf", "", "Eva", "1"]);
      book.addWorksheet("Outra").addRow(["nada", "a", "ver"]);
    });
    const reading = await parseBatchFile(bytes, { contentType: XLSX, fileName: "lote.xlsx" });
    expect(reading).toMatchObject({ ok: true, format: "xlsx" });
    expect(rowsOf(reading)).toEqual([
      { line: 2, cells: { amount: "1234,56", pix_key_type: "celular", pix_key: "11912345678", receiver_name: "Ana Souza", receiver_document: "52998224725", idempotent_id: "01/03/2026" } },
      { line: 3, cells: { amount: "0,30", pix_key_type: "e-mail", pix_key: "a@b.com.br", receiver_name: "Bia", receiver_document: "529.982.247-25", idempotent_id: "nf-1" } },
      {
        line: 5,
        cells: { amount: "20,00", pix_key_type: "cpf", receiver_name: "Caio", receiver_document: "01234567890", bank_ispb: "360305", agency: "0042", account: "123456", account_type: "corrente" },
      },
      // Text stays text; only numbers under the amount column are reais.
      { line: 6, cells: { amount: "1.234,56", pix_key_type: "cpf", receiver_name: "Duda", receiver_document: "12.345" } },
      // An amount with a fraction of a cent keeps it, for the amount rule to refuse (never 12.345 read as twelve thousand).
      { line: 7, cells: { amount: "12,345", pix_key_type: "cpf", receiver_name: "Eva", receiver_document: "1" } },
    ]);
  });

  it("is recognised by its bytes whatever the declared type or name", async () => {
    const bytes = await xlsxBytes((sheet) => {
      sheet.addRow(["amount", "pix_key_type", "pix_key", "receiver_name", "receiver_document"]);
      sheet.addRow([10, "cpf", "52998224725", "Ana", "52998224725"]);
    });
    const reading = await parseBatchFile(bytes, { contentType: "application/octet-stream" });
    expect(reading).toMatchObject({ ok: true, format: "xlsx" });
    expect(rowsOf(reading)[0]?.cells.amount).toBe("10,00");
  });

  it("refuses an empty sheet, a header-only sheet and a sheet over the row limit", async () => {
    const empty = await xlsxBytes(() => {});
    expect(await parseBatchFile(empty, { contentType: XLSX })).toEqual({ ok: false, problem: { message: "batches.errors.fileEmpty" } });
    const headerOnly = await xlsxBytes((sheet) => sheet.addRow(["valor", "tipo_chave", "chave", "nome", "documento"]));
    expect(await parseBatchFile(headerOnly, { contentType: XLSX })).toEqual({ ok: false, problem: { message: "batches.errors.noRows" } });
    const long = await xlsxBytes((sheet) => {
      sheet.addRow(["valor", "tipo_chave", "chave", "nome", "documento"]);
      for (let i = 0; i <= MAX_BATCH_ROWS; i += 1) sheet.addRow([1, "cpf", "52998224725", "Ana", "52998224725"]);
    });
    expect(await parseBatchFile(long, { contentType: XLSX })).toEqual({ ok: false, problem: { message: "batches.errors.tooManyRows", values: { max: MAX_BATCH_ROWS } } });
  });

  it("refuses a zip that is not a readable workbook; what its directory declares is never believed", async () => {
    const bytes = await xlsxBytes((sheet) => {
      sheet.addRow(["valor", "tipo_chave", "chave", "nome", "documento"]);
      sheet.addRow([10, "cpf", "52998224725", "Ana", "52998224725"]);
    });
    const broken = bytes.slice(0, 200);
    expect(await parseBatchFile(broken, { contentType: XLSX })).toEqual({ ok: false, problem: { message: "batches.errors.unreadableXlsx" } });

    // Every central directory entry claims 1 GB: the file is read by what it really holds.
    const claimsMore = bytes.slice();
    const view = new DataView(claimsMore.buffer);
    let end = claimsMore.byteLength - 22;
    while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
    let at = view.getUint32(end + 16, true);
    for (let i = 0; i < view.getUint16(end + 10, true); i += 1) {
      view.setUint32(at + 24, 1024 * 1024 * 1024, true);
      at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    expect(rowsOf(await parseBatchFile(claimsMore, { contentType: XLSX }))).toHaveLength(1);

    // A sheet that says 1,000 bytes and inflates to 1 GiB: refused by the bytes counted.
    const reading = await parseBatchFile(xlsxBomb(1024 * 1024 * 1024), { contentType: XLSX });
    expect(reading).toEqual({ ok: false, problem: { message: "batches.errors.expandsTooMuch", values: { maxMb: MAX_XLSX_EXPANDED_BYTES / 1024 / 1024 } } });
  });
});