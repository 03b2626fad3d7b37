/**
 * The batch receipts ZIP at 5,000 rows: seconds per 1,000 receipts, bytes per receipt, and the
 * process's RSS while the archive streams (it must stay flat: one receipt in memory at a time).
 *
 *   node --expose-gc --import ./bench/server-only-hook.mjs --import tsx bench/receipts-zip.ts [--rows 5000] [--json]
 *
 * --expose-gc adds the live heap after a full collection (what the stream holds, apart from V8's slack).
 */
import type { ReceiptData } from "@/lib/receipts/receipt-data";
import { receiptFileName } from "@/lib/receipts/file-name";
import { receiptsZipStream, type ReceiptZipItem } from "@/lib/receipts/zip";

const args = process.argv.slice(2);
const rows = Number(args[args.indexOf("--rows") + 1] ?? 5000) || 5000;
const asJson = args.includes("--json");
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

function receipt(row: number): ReceiptData {
  return {
    payer: { name: "Empresa Demonstração Ltda", document: "11222333000181" },
    amountCents: 10_000 + row,
    paidAt: new Date(Date.UTC(2026, 10, 16, 12, 0, row % 60)),
    endToEnd: `E18236120202611161200B${String(row).padStart(10, "0")}`,
    referenceCode: `bench-ref-${row}`,
    idempotentId: `batch-bench-row-${row}`,
    receiver: {
      name: `Fornecedor Número ${row} Comércio e Serviços Ltda`,
      document: "39053344705",
      pixKey: { type: "email", key: `fornecedor${row}@example.com.br` },
      bank: { ispb: "60701190", name: null, agency: "0001", account: String(100000 + row), accountType: "checking_account" },
    },
    receiptUrl: null,
  };
}

async function* items(sample: (row: number) => void): AsyncGenerator<ReceiptZipItem> {
  for (let row = 1; row <= rows; row += 1) {
    sample(row);
    yield { fileName: receiptFileName(row, `Fornecedor ${row}`), data: receipt(row), authentication: { code: "BENC-HMAR-K000-0000-0000", verifyUrl: "http://localhost:5100/comprovante/verificar" } };
  }
}

const rss: number[] = [];
/** Live heap after a full GC (with --expose-gc): what the stream really holds, apart from V8's slack. */
const heap: number[] = [];
const gc = (globalThis as { gc?: () => void }).gc;
const csv = { fileName: "resultados.csv", text: Array.from({ length: rows }, (_, i) => `${i + 1};pago;${10_000 + i}`).join("\r\n") };
const started = performance.now();
const stream = receiptsZipStream(
  items((row) => {
    if (row % 250 === 0) rss.push(process.memoryUsage().rss);
    if (gc && row % 500 === 0) {
      gc();
      heap.push(process.memoryUsage().heapUsed);
    }
  }),
  { csv, locale: "pt-BR" },
);
let bytes = 0;
const reader = stream.getReader();
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  bytes += value.length;
}
const seconds = (performance.now() - started) / 1000;
const early = rss.slice(0, Math.max(1, Math.floor(rss.length / 5)));
const result = {
  rows,
  zipBytes: bytes,
  bytesPerReceipt: Math.round((bytes - csv.text.length) / rows),
  secondsPer1000: Math.round((seconds / rows) * 1000 * 100) / 100,
  totalSeconds: Math.round(seconds * 10) / 10,
  rssMbFirstFifth: mb(Math.max(...early)),
  rssMbMax: mb(Math.max(...rss)),
  rssMbLast: mb(rss.at(-1) ?? 0),
  ...(heap.length ? { liveHeapMbFirst: mb(heap[0]!), liveHeapMbLast: mb(heap.at(-1)!) } : {}),
};
console.log(asJson ? JSON.stringify(result) : result);
