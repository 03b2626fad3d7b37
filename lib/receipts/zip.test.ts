import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { pdfText } from "@/lib/testing/pdf-text";
import { receiptFileName, uniqueNames } from "./file-name";
import type { ReceiptData } from "./receipt-data";
import { receiptsZipStream, type ReceiptZipItem } from "./zip";

function receipt(row: number, name: string): ReceiptData {
  return {
    payer: { name: "Empresa Demonstração Ltda", document: "11222333000181" },
    amountCents: 1000 * row,
    paidAt: "2026-11-16T14:15:02.123-03:00",
    endToEnd: `E18236120202611161415BATCHROW${String(row).padStart(3, "0")}`,
    referenceCode: `ref-${row}`,
    idempotentId: `batch-1-row-${row}`,
    receiver: { name, document: "39053344705", pixKey: { type: "cpf", key: "39053344705" }, bank: null },
    receiptUrl: null,
  };
}

async function* itemsOf(names: string[], seen?: { taken: number }): AsyncGenerator<ReceiptZipItem> {
  for (const [i, name] of names.entries()) {
    if (seen) seen.taken += 1;
    yield { fileName: receiptFileName(i + 1, name), data: receipt(i + 1, name), authentication: { code: `ROW0-0000-0000-0000-${String(i + 1).padStart(4, "0")}`, verifyUrl: "https://pix.example.com/comprovante/verificar" } };
  }
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const CSV = { fileName: "resultados.csv", text: "\uFEFFlinha;situação\r\n1;pago\r\n" };

describe("the receipts ZIP", () => {
  it("holds the CSV and one PDF per item, named by row and receiver, that unzip reads", async () => {
    const names = ["Padaria Estrela Ltda", "João Pedro Almeida", "Дмитрий 王", "CON"];
    let summary: unknown;
    const zip = await bytesOf(receiptsZipStream(itemsOf(names), { csv: CSV, locale: "pt-BR", onFinish: (s) => void (summary = s) }));
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual([
      "resultados.csv",
      "0001-padaria-estrela-ltda.pdf",
      "0002-joao-pedro-almeida.pdf",
      "0003-recebedor.pdf",
      "0004-con.pdf",
    ]);
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(files["resultados.csv"])).toBe(CSV.text);
    const second = pdfText(files["0002-joao-pedro-almeida.pdf"]!);
    expect(second).toContain("João Pedro Almeida");
    expect(second).toContain("E18236120202611161415BATCHROW002");
    expect(second.replace(/\s+/g, " ")).toContain("Autenticação ROW0-0000-0000-0000-0002");
    expect(summary).toEqual({ receipts: 4, completed: true });

    // An independent reader (Info-ZIP's unzip) tests every entry's CRC.
    const dir = mkdtempSync(join(tmpdir(), "zip-"));
    try {
      writeFileSync(join(dir, "r.zip"), zip);
      expect(execFileSync("unzip", ["-t", join(dir, "r.zip")], { encoding: "utf8" })).toContain("No errors detected");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("renders a receipt only when the reader asks for more (a stream, not a file in memory)", async () => {
    const seen = { taken: 0 };
    const reader = receiptsZipStream(itemsOf(Array.from({ length: 50 }, (_, i) => `Recebedor ${i}`), seen), { csv: CSV, locale: "pt-BR" }).getReader();
    await reader.read(); // the CSV
    await reader.read(); // the first receipt
    expect(seen.taken).toBeLessThanOrEqual(2);
    await reader.cancel();
    expect(seen.taken).toBeLessThan(50);
  });

  it("an empty batch is a ZIP with the CSV only", async () => {
    const files = unzipSync(await bytesOf(receiptsZipStream(itemsOf([]), { csv: CSV, locale: "en" })));
    expect(Object.keys(files)).toEqual(["resultados.csv"]);
  });
});

describe("names inside the ZIP", () => {
  it("are ASCII, keep row order and never collide", () => {
    expect(receiptFileName(7, "Gráfica União EPP / Filial: 2")).toBe("0007-grafica-uniao-epp-filial-2.pdf");
    const unique = uniqueNames();
    expect([unique("a.pdf"), unique("A.pdf"), unique("a.pdf"), unique("nul.pdf"), unique("..\\..\\x.pdf")]).toEqual(["a.pdf", "a-2.pdf", "a-3.pdf", "nul-file.pdf", "x.pdf"]);
  });
});
