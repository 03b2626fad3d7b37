import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { xlsxBomb, zerosDeflated } from "./fixtures/zip-bomb";
import { MAX_XLSX_ENTRIES, MAX_XLSX_EXPANDED_BYTES } from "./limits";
import { parseBatchFile } from "./parse";
import { inflateZip, storedZip } from "./zip-inflate";

// A 4.7 MB XLSX whose directory says 1,000 bytes and which inflates to
// 4.5 GiB killed the server. Refusal figures (time, RSS) are measured by bench/upload-bombs.ts;
// here: it is refused, by the budget, and memory does not follow the bomb.
const GIB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const refused = { ok: false, problem: { message: "batches.errors.expandsTooMuch", values: { maxMb: MAX_XLSX_EXPANDED_BYTES / MB } } };

describe("XLSX zip bombs", () => {
  it.each([
    ["4.5 GiB", 4.5 * GIB],
    ["1 GiB", GIB],
  ])("a sheet declaring 1,000 bytes that inflates to %s is refused, memory flat", async (_label, size) => {
    const bomb = xlsxBomb(size);
    expect(bomb.byteLength).toBeLessThan(5 * MB);
    const before = process.memoryUsage().rss;
    expect(await parseBatchFile(bomb, { contentType: XLSX, fileName: "lote.xlsx" })).toEqual(refused);
    // The budget (32 MiB) and one inflater chunk, not the bomb: well under 4x the budget.
    expect(process.memoryUsage().rss - before).toBeLessThan(4 * MAX_XLSX_EXPANDED_BYTES);
  });

  it("counts the budget across entries: many medium sheets add up", async () => {
    const half = zerosDeflated(20 * MB);
    const zip = storedZip([]); // an empty zip is readable and holds nothing
    expect((await inflateZip(zip, () => true, MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_ENTRIES)).ok).toBe(true);
    const two = rebuildDeflated([
      { name: "xl/worksheets/sheet1.xml", data: half },
      { name: "xl/worksheets/sheet2.xml", data: half },
    ]);
    expect(await inflateZip(two, () => true, MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_ENTRIES)).toEqual({ ok: false, problem: "tooLarge" });
    expect((await inflateZip(two, (n) => n.endsWith("sheet1.xml"), MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_ENTRIES)).ok).toBe(true);
  });

  it("never inflates parts a batch does not read: a bomb among the pictures is skipped", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Pagamentos");
    sheet.addRow(["valor", "tipo_chave", "chave", "nome", "documento"]);
    sheet.addRow([10, "cpf", "52998224725", "Ana", "52998224725"]);
    const real = new Uint8Array(await book.xlsx.writeBuffer());
    const parts = await inflateZip(real, () => true, MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_ENTRIES);
    if (!parts.ok) throw new Error(parts.problem);
    const withPicture = rebuildDeflated([...parts.entries.map((e) => ({ ...e, stored: true })), { name: "xl/media/image1.png", data: zerosDeflated(GIB) }]);
    const reading = await parseBatchFile(withPicture, { contentType: XLSX });
    expect(reading).toMatchObject({ ok: true, rows: [{ line: 2, cells: { receiver_name: "Ana" } }] });
  });

  it("refuses a zip listing more entries than any workbook has", async () => {
    const many = storedZip(Array.from({ length: MAX_XLSX_ENTRIES + 1 }, (_, i) => ({ name: `x/${i}.xml`, data: new Uint8Array(1) })));
    expect(await inflateZip(many, () => true, MAX_XLSX_EXPANDED_BYTES, MAX_XLSX_ENTRIES)).toEqual({ ok: false, problem: "tooManyEntries" });
  });
});

/** A zip of raw-deflated (or, with `stored`, plain) entries, each declaring 1,000 bytes. */
function rebuildDeflated(entries: { name: string; data: Uint8Array; stored?: boolean }[]): Uint8Array {
  const plain = storedZip(entries.map((e) => ({ name: e.name, data: e.data })));
  // storedZip marks every entry stored; flip the deflated ones to method 8 with a lying size.
  const view = new DataView(plain.buffer);
  let end = plain.byteLength - 22;
  while (view.getUint32(end, true) !== 0x06054b50) end -= 1;
  let at = view.getUint32(end + 16, true);
  for (const e of entries) {
    const local = view.getUint32(at + 42, true);
    if (!e.stored) {
      view.setUint16(at + 10, 8, true);
      view.setUint32(at + 24, 1_000, true);
      view.setUint16(local + 8, 8, true);
      view.setUint32(local + 22, 1_000, true);
    }
    at += 46 + view.getUint16(at + 28, true);
  }
  return plain;
}
