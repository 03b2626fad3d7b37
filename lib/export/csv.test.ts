import { describe, expect, it } from "vitest";
import type { PaymentListItem } from "@/lib/contract/payment";
import { translator } from "@/lib/i18n/server";
import type { ExportColumn } from "./columns";
import { CSV_BOM, csvHeader, csvRows, keepAsText } from "./csv";
import { paymentExportColumns } from "./payments-columns";
import { createCsvLineCounter, excelText, readCsv } from "./read-csv";

type Row = { name: string; cents: number; at: Date | null; n: number; doc: string };
const columns: ExportColumn<Row>[] = [
  { key: "name", header: "Nome; apelido", type: "text", width: 10, value: (r) => r.name },
  { key: "value", header: "Valor", type: "money", width: 10, value: (r) => r.cents },
  { key: "at", header: "Quando", type: "datetime", width: 10, value: (r) => r.at },
  { key: "n", header: "Linhas", type: "integer", width: 10, value: (r) => r.n },
  { key: "doc", header: "CPF/CNPJ", type: "text", width: 10, value: (r) => r.doc },
];
const row = (over: Partial<Row> = {}): Row => ({ name: "Maria", cents: 123456, at: new Date("2026-03-01T12:15:02.123Z"), n: 7, doc: "012.345.678-90", ...over });

describe("the Brazilian Excel CSV dialect", () => {
  it("starts with a UTF-8 BOM, separates with ; and ends lines with CRLF", () => {
    const text = csvHeader(columns) + csvRows(columns, [row()]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe(`${CSV_BOM}"Nome; apelido";Valor;Quando;Linhas;CPF/CNPJ\r\nMaria;1234,56;01/03/2026 09:15:02;7;012.345.678-90\r\n`);
  });

  it("writes amounts with a decimal comma and dates as dd/mm/aaaa HH:mm:ss in Brazil time (old summer time too)", () => {
    const [[, cents, at]] = readCsv(csvRows(columns, [row({ cents: 5, at: new Date("2018-01-15T12:00:00Z") })])) as [string[]];
    expect(cents).toBe("0,05");
    expect(at).toBe("15/01/2018 10:00:00"); // UTC-02:00 then
  });

  it("leaves empty cells for missing values", () => {
    const rows = readCsv(csvRows(columns, [row({ at: null })]));
    expect(rows[0]?.[2]).toBe("");
  });

  it("quotes separators, quotes and line breaks so a reader gets the values back", () => {
    const text = csvRows(columns, [row({ name: 'José; "Zé"\nda Silva' }), row({ name: "a\rb" })]);
    const rows = readCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[0]).toBe('José; "Zé"\nda Silva');
    expect(rows[1]?.[0]).toBe("a\rb");
  });

  it("counts records as bytes arrive, whatever the chunk boundaries", () => {
    const text = csvHeader(columns) + csvRows(columns, [row({ name: 'A "q"\r\nname' }), row()]);
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 2, 7, 64, bytes.length]) {
      const counter = createCsvLineCounter();
      for (let i = 0; i < bytes.length; i += size) counter.push(bytes.subarray(i, i + size));
      expect(counter.lines).toBe(3);
    }
  });
});

describe("text that stays text in Excel", () => {
  it.each([
    ["00123", '="00123"'],
    ["20260301000123456", '="20260301000123456"'],
    ["+5511987654321", '="+5511987654321"'],
    ["+55 11 91234-5678", '="+55 11 91234-5678"'],
    ["12E45", '="12E45"'],
    ["1/3", '="1/3"'],
    ["01-03-2026", '="01-03-2026"'],
    ["9:30", '="9:30"'],
    ["1-jan", '="1-jan"'],
    ["50%", '="50%"'],
    ['=HYPERLINK("http://x")', '="=HYPERLINK(""http://x"")"'],
    ["@SUM(A1)", '="@SUM(A1)"'],
    ["-2+3", '="-2+3"'],
  ])("%j is written as a text formula", (text, written) => {
    expect(keepAsText(text)).toBe(written);
    expect(excelText(written)).toBe(text);
  });

  it.each(["Maria da Silva", "012.345.678-90", "12.ABC.345/01DE-35", "maria@example.com", "E18236120202603011215a1022c1tg10", "pedido-2026-0000123", ""])(
    "%j is written as it is",
    (text) => {
      expect(keepAsText(text)).toBe(text);
    },
  );

  it("falls back to an apostrophe where a formula cannot hold the text", () => {
    const long = `=${"x".repeat(300)}`;
    expect(keepAsText(long)).toBe(`'${long}`);
    expect(keepAsText("-line\nbreak")).toBe("'-line\nbreak");
  });
});

describe("the payments file", () => {
  const item: PaymentListItem = {
    reference_code: "0123456789",
    idempotent_id: "pedido-2026-0000001",
    value_cents: 123456,
    pix_key_type: "cpf",
    pix_key: "01234567890",
    receiver_name: "José da Silva",
    receiver_document: "11222333000181",
    status: "completed",
    registration_date: "2026-03-01T09:15:02.123-03:00",
    payment_date: "2026-03-01T09:16:00.000-03:00",
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: "E18236120202603011215a1022c1tg10",
  };

  it.each([
    ["pt-BR", ["Registrado em (horário de Brasília)", "Situação", "Valor", "Nome do recebedor", "CPF/CNPJ do recebedor", "Tipo de chave", "Chave Pix", "Banco", "Agência", "Conta", "ID do parceiro", "Código de referência", "ID fim a fim", "Pago em (horário de Brasília)", "Cancelado em (horário de Brasília)", "Motivo do cancelamento"], "Concluído"],
    ["en", ["Registered at (Brazil time)", "Status", "Amount", "Receiver name", "Receiver CPF/CNPJ", "Pix key type", "Pix key", "Bank", "Branch", "Account", "Partner ID", "Reference code", "End-to-end ID", "Paid at (Brazil time)", "Canceled at (Brazil time)", "Cancellation reason"], "Completed"],
  ] as const)("in %s: business words as headers, the UI's labels, documents punctuated", (locale, headers, completed) => {
    const cols = paymentExportColumns(translator(locale));
    const [header, record] = readCsv(csvHeader(cols) + csvRows(cols, [item]));
    expect(header).toEqual(headers);
    expect(record).toEqual([
      "01/03/2026 09:15:02", completed, "1234,56", "José da Silva", "11.222.333/0001-81", "CPF", "012.345.678-90", "", "", "",
      "pedido-2026-0000001", '="0123456789"', "E18236120202603011215a1022c1tg10", "01/03/2026 09:16:00", "", "",
    ]);
  });

  it("a transfer sent by bank account shows its bank, branch and account, and no Pix key or key type", () => {
    const cols = paymentExportColumns(translator("pt-BR"));
    const byAccount = { ...item, pix_key: "", bank: { ispb: "60701190", agency: "000001", account: "100044", accountType: "checking" } };
    const [, record] = readCsv(csvHeader(cols) + csvRows(cols, [byAccount]));
    expect(record?.slice(5, 10)).toEqual(["", "", "Itaú Unibanco (60701190)", '="0001"', "10004-4"]);
  });
});
