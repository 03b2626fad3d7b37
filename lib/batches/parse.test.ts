import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_BATCH_BYTES, MAX_BATCH_ROWS } from "./limits";
import { parseBatchFile, type BatchFileReading } from "./parse";

const encode = (text: string) => new TextEncoder().encode(text);
const BOM = "\uFEFF";
const csv = (text: string) => parseBatchFile(encode(text), { contentType: "text/csv", fileName: "lote.csv" });

function rowsOf(reading: BatchFileReading) {
  if (!reading.ok) throw new Error(`refused: ${JSON.stringify(reading.problem)}`);
  return reading.rows;
}
function problemOf(reading: BatchFileReading) {
  if (reading.ok) throw new Error("accepted a file that should be refused");
  return reading.problem;
}

describe("parseBatchFile: CSV", () => {
  it("reads a ;-separated file with a BOM, CRLF and Portuguese headers with accents, capitals and spaces", async () => {
    const reading = await csv(`${BOM}Valor;Tipo de chave;Chave;NOME; Documento ;ISPB;Agência;Conta;Tipo de Conta\r\n1.234,56;celular;(11) 91234-5678;Ana;529.982.247-25;;;;\r\n`);
    expect(reading).toMatchObject({ ok: true, format: "csv", delimiter: ";" });
    expect(rowsOf(reading)).toEqual([
      { line: 2, cells: { amount: "1.234,56", pix_key_type: "celular", pix_key: "(11) 91234-5678", receiver_name: "Ana", receiver_document: "529.982.247-25" } },
    ]);
  });

  it("reads a ,-separated file without BOM, LF line ends, the decimal comma inside quotes", async () => {
    const reading = await csv('amount,pix_key_type,pix_key,receiver_name,receiver_document\n"1.234,56",email,a@b.com.br,Ana,52998224725\n1234.56,cpf,52998224725,Bia,52998224725\n');
    expect(reading).toMatchObject({ ok: true, delimiter: "," });
    expect(rowsOf(reading).map((r) => r.cells.amount)).toEqual(["1.234,56", "1234.56"]);
  });

  it("detects ; even when every amount holds a comma and there is one data row", async () => {
    const reading = await csv("valor;tipo_chave;chave;nome;documento\n1,00;cpf;52998224725;Ana;52998224725\n");
    expect(reading).toMatchObject({ ok: true, delimiter: ";" });
    expect(rowsOf(reading)[0]?.cells.amount).toBe("1,00");
  });

  it("keeps separators, doubled quotes and line breaks inside quoted fields; a quoted line break stays in its row", async () => {
    const text = 'valor;tipo_chave;chave;nome;documento\r\n10,00;cpf;52998224725;"Silva; Souza & Cia";52998224725\r\n20,00;cpf;52998224725;"Padaria ""Pão""\nQuente";52998224725\r\n30,00;cpf;52998224725;Ana;52998224725\r\n';
    const rows = rowsOf(await csv(text));
    expect(rows.map((r) => [r.line, r.cells.receiver_name])).toEqual([
      [2, "Silva; Souza & Cia"],
      [3, 'Padaria "Pão"\nQuente'],
      [4, "Ana"],
    ]);
  });

  it("skips blank lines and rows of empty cells but counts them in line numbers", async () => {
    const rows = rowsOf(await csv("\r\nvalor;tipo_chave;chave;nome;documento\r\n\r\n1,00;cpf;1;A;1\r\n;;;;\r\n  \r\n2,00;cpf;1;B;1\r\n\r\n"));
    expect(rows.map((r) => [r.line, r.cells.amount])).toEqual([
      [4, "1,00"],
      [7, "2,00"],
    ]);
  });

  it("trims cells, leaves blank cells out and names a filled cell under no header by its letter", async () => {
    const rows = rowsOf(await csv("valor,tipo_chave,chave,nome,documento\n 1 , cpf ,,Ana,1,56\n"));
    expect(rows[0]).toEqual({ line: 2, cells: { amount: "1", pix_key_type: "cpf", receiver_name: "Ana", receiver_document: "1" }, strayCell: "F" });
  });

  it("reads tab-separated text and UTF-16 with its BOM (Excel's 'Unicode text')", async () => {
    const text = "valor\ttipo_chave\tchave\tnome\tdocumento\r\n1,00\tcpf\t1\tJoão\t1\r\n";
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(new Uint16Array([...text].map((c) => c.charCodeAt(0))).buffer)]);
    for (const bytes of [encode(text), utf16]) {
      const reading = await parseBatchFile(bytes, { fileName: "lote.txt" });
      expect(reading).toMatchObject({ ok: true, delimiter: "\t" });
      expect(rowsOf(reading)[0]?.cells.receiver_name).toBe("João");
    }
  });

  it("falls back to Windows-1252 when the bytes are not UTF-8 (older Excel 'CSV' on Windows)", async () => {
    const bytes = new Uint8Array([...encode("valor;nome;documento;ispb;ag"), 0xea, ...encode("ncia;conta;tipo_conta\r\n1,00;Jo"), 0xe3, ...encode("o;1;1;1;1;poupan"), 0xe7, ...encode("a\r\n")]);
    const rows = rowsOf(await parseBatchFile(bytes, { contentType: "text/csv" }));
    expect(rows[0]?.cells).toMatchObject({ receiver_name: "João", agency: "1", account_type: "poupança" });
  });

  it("reads the Excel-saved fixture (BOM, ;, CRLF, quoted names, an empty row, Portuguese labels)", async () => {
    const bytes = readFileSync(new URL("./fixtures/excel-pt-br.csv", import.meta.url));
    const rows = rowsOf(await parseBatchFile(bytes, { contentType: "application/vnd.ms-excel", fileName: "pagamentos março.csv" }));
    expect(rows.map((r) => r.line)).toEqual([2, 3, 4, 6, 7, 8, 9, 10]);
    expect(rows[1]?.cells).toMatchObject({ amount: "R$ 89,90", receiver_name: 'Padaria "Pão Quente" Ltda', idempotent_id: "pedido-7781" });
    expect(rows[2]?.cells.receiver_name).toBe("Silva; Souza & Cia");
    expect(rows[3]?.cells).toMatchObject({ bank_ispb: "360305", agency: "0042", account: "98765-0", account_type: "Poupança" });
  });

  it("reads 5,000 rows and refuses 5,001", async () => {
    const header = "valor;tipo_chave;chave;nome;documento\r\n";
    const line = "1,00;cpf;52998224725;Ana;52998224725\r\n";
    expect(rowsOf(await csv(header + line.repeat(MAX_BATCH_ROWS)))).toHaveLength(MAX_BATCH_ROWS);
    expect(problemOf(await csv(header + line.repeat(MAX_BATCH_ROWS + 1)))).toEqual({ message: "batches.errors.tooManyRows", values: { max: MAX_BATCH_ROWS } });
  });

  it("refuses a broken quote naming its line", async () => {
    const problem = problemOf(await csv('valor;tipo_chave;chave;nome;documento\n1,00;cpf;1;Ana;1\n2,00;cpf;1;"Bia;1\n'));
    expect(problem).toEqual({ message: "batches.errors.csvQuotes", values: { line: 3 } });
  });
});

describe("parseBatchFile: refusals", () => {
  const header = "valor;tipo_chave;chave;nome;documento";

  it.each([
    ["no bytes", ""],
    ["only a BOM", BOM],
    ["only blank lines", "\r\n \r\n;;;\r\n"],
  ])("an empty file (%s)", async (_, text) => {
    expect(problemOf(await csv(text)).message).toBe("batches.errors.fileEmpty");
  });

  it("a header without rows", async () => {
    expect(problemOf(await csv(`${header}\r\n;;;;\r\n`))).toEqual({ message: "batches.errors.noRows" });
  });

  it("a first row that is data, not a header", async () => {
    expect(problemOf(await csv("1,00;cpf;52998224725;Ana;52998224725\n"))).toEqual({ message: "batches.errors.noHeader" });
  });

  it("an unknown column, by its text and letter", async () => {
    expect(problemOf(await csv(`${header};Observação\n1;cpf;1;A;1;x\n`))).toEqual({
      message: "batches.errors.unknownColumn",
      values: { column: "Observação", letter: "F" },
    });
  });

  it("a column given twice (two names for the same column count)", async () => {
    expect(problemOf(await csv(`${header};Valor\n`))).toEqual({
      message: "batches.errors.duplicateColumn",
      values: { column: "Valor", letter: "F", first: "A" },
    });
    expect(problemOf(await csv("nome;valor;tipo_chave;chave;documento;receiver_name\n")).values).toMatchObject({ first: "A", letter: "F" });
  });

  it("a required column missing, by both its names", async () => {
    expect(problemOf(await csv("tipo_chave;chave;nome;documento\n1;1;1;1\n"))).toEqual({
      message: "batches.errors.missingColumn",
      values: { column: "amount", alias: "valor" },
    });
  });

  it("neither the key columns nor the bank columns, or half of a set", async () => {
    expect(problemOf(await csv("valor;nome;documento\n1;A;1\n"))).toEqual({ message: "batches.errors.missingKeyOrBank" });
    expect(problemOf(await csv("valor;nome;documento;chave\n1;A;1;1\n")).values).toEqual({ column: "pix_key_type", alias: "tipo_chave" });
    expect(problemOf(await csv("valor;nome;documento;ispb;agencia;conta\n1;A;1;1;1;1\n")).values).toEqual({ column: "account_type", alias: "tipo_conta" });
  });

  it("files that are not CSV or XLSX", async () => {
    const pdf = encode("%PDF-1.7\n...");
    expect(problemOf(await parseBatchFile(pdf, { contentType: "application/pdf", fileName: "lote.pdf" })).message).toBe("batches.errors.unsupportedFormat");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(problemOf(await parseBatchFile(png, { fileName: "lote.csv" })).message).toBe("batches.errors.notText");
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    expect(problemOf(await parseBatchFile(xls, { fileName: "lote.xls" })).message).toBe("batches.errors.oldExcel");
    expect(problemOf(await parseBatchFile(encode(header), { fileName: "lote.xlsx" })).message).toBe("batches.errors.unreadableXlsx");
  });

  it("a file over the byte limit, before reading it", async () => {
    const big = new Uint8Array(MAX_BATCH_BYTES + 1).fill(0x41);
    expect(problemOf(await parseBatchFile(big, { fileName: "lote.csv" }))).toEqual({ message: "batches.errors.tooLarge", values: { maxMb: 5 } });
  });
});
