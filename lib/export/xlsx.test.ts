import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { PaymentListItem } from "@/lib/contract/payment";
import { translator } from "@/lib/i18n/server";
import { createExportStream, pagedRows } from "./export-stream";
import { paymentExportColumns } from "./payments-columns";
import { XLSX_FORMATS, excelBrazilDate } from "./xlsx";

function item(n: number, over: Partial<PaymentListItem> = {}): PaymentListItem {
  return {
    reference_code: `ref-${n}`,
    idempotent_id: String(n).padStart(8, "0"),
    value_cents: 100_000 + n,
    pix_key_type: "phone",
    pix_key: "+5511912345678",
    receiver_name: `=Receiver ${n}`,
    receiver_document: "01234567890",
    status: n % 2 ? "completed" : "canceled",
    registration_date: "2026-03-01T09:15:02.123-03:00",
    payment_date: null,
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: null,
    ...over,
  };
}

async function workbookOf(items: PaymentListItem[], locale: "pt-BR" | "en" = "pt-BR") {
  const stream = createExportStream({
    format: "xlsx",
    columns: paymentExportColumns(translator(locale)),
    next: pagedRows(items.slice(0, 100), Math.ceil(items.length / 100), async (page) => items.slice((page - 1) * 100, page * 100)),
    sheetName: locale === "pt-BR" ? "Pagamentos" : "Payments",
  });
  const bytes = Buffer.from(await new Response(stream).arrayBuffer());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return { workbook, bytes };
}

describe("XLSX export read back with exceljs", () => {
  it("is a zip with one sheet named in the caller's language, the header bold, frozen and filterable", async () => {
    const { workbook, bytes } = await workbookOf([item(1)]);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Pagamentos"]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBe("A1:P1");
    const header = sheet.getRow(1);
    expect(header.getCell(1).value).toBe("Registrado em (horário de Brasília)");
    expect(header.getCell(3).value).toBe("Valor");
    expect(header.getCell(1).font?.bold).toBe(true);
  });

  it("sets every column's width, never narrower than its header", async () => {
    const { workbook } = await workbookOf([item(1)]);
    const sheet = workbook.worksheets[0]!;
    const columns = paymentExportColumns(translator("pt-BR"));
    const widths = columns.map((_, i) => sheet.getColumn(i + 1).width ?? 0);
    expect(widths.map((w, i) => w >= columns[i]!.width && w >= columns[i]!.header.length)).toEqual(columns.map(() => true));
    expect(widths[0]).toBe("Registrado em (horário de Brasília)".length + 2);
    expect(widths[2]).toBe(16); // Valor: the column's own width
  });

  it("types the cells: money a number with a BRL format, dates real dates in Brazil time, documents and ids text", async () => {
    const { workbook } = await workbookOf([item(7, { payment_date: "2018-01-15T10:00:00.000-02:00" })]);
    const row = workbook.worksheets[0]!.getRow(2);
    const cell = (n: number) => row.getCell(n);

    expect(cell(1).type).toBe(ExcelJS.ValueType.Date);
    expect((cell(1).value as Date).toISOString()).toBe("2026-03-01T09:15:02.123Z");
    expect(cell(1).numFmt).toBe(XLSX_FORMATS.datetime);
    expect((cell(14).value as Date).toISOString()).toBe("2018-01-15T10:00:00.000Z"); // summer time then, still the wall clock

    expect(cell(2).value).toBe("Concluído");
    expect(cell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(cell(3).value).toBe(1000.07);
    expect(cell(3).numFmt).toBe('"R$" #,##0.00');

    expect(cell(4).value).toBe("=Receiver 7"); // a string cell: never run as a formula
    expect(cell(4).type).toBe(ExcelJS.ValueType.String);
    expect(cell(5).value).toBe("012.345.678-90");
    expect(cell(5).numFmt).toBe("@");
    expect(cell(6).value).toBe("Celular");
    expect(cell(7).value).toBe("+55 11 91234-5678");
    expect(cell(8).value).toBeNull(); // sent by Pix key: no bank account
    expect(cell(11).value).toBe("00000007"); // leading zeros kept
    expect(cell(11).type).toBe(ExcelJS.ValueType.String);
    expect(cell(13).value).toBeNull();
  });

  it("holds every row of every page, in order", async () => {
    const items = Array.from({ length: 250 }, (_, i) => item(i + 1));
    const { workbook } = await workbookOf(items, "en");
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Payments");
    expect(sheet.rowCount).toBe(251);
    const ids: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(11).value));
    });
    expect(ids).toEqual(items.map((i) => i.idempotent_id));
    expect(sheet.getRow(2).getCell(2).value).toBe("Completed");
  });

  it("moves instants to Brazil's wall clock for Excel", () => {
    expect(excelBrazilDate(new Date("2026-03-01T12:00:00Z")).toISOString()).toBe("2026-03-01T09:00:00.000Z");
  });
});
