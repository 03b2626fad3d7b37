/**
 * Exports at scale: GET /api/payments/export (CSV, or ?format=xlsx) for a registration-date
 * range the provider counts at about `targetRows` payments, read to the end by a streaming
 * client, while the app process tree's resident memory is sampled from /proc. Reports rows/s,
 * the peak RSS (and how far above the idle server it went) and the RSS a second after the end.
 * The range is found by asking the sandbox directly.
 *
 * The stream's own memory, in this process with synthetic pages (live heap after a forced GC
 * every 20 pages, for 10,000 and 100,000 rows: it must not grow with the rows):
 *   node --expose-gc --import tsx bench/export-bench.ts --heap
 *
 * Alone, on the last build (its own server on ports 3360/4360; nothing else heavy running):
 *   npx tsx bench/export-bench.ts [--seed 80000] [--rows 10000,30000,60000] [--app-port N --sandbox-port N]
 */
import ExcelJS from "exceljs";
import { createTranslator } from "next-intl";
import { pathToFileURL } from "node:url";
import type { PaymentListItem } from "../lib/contract/payment";
import { createExportStream, pagedRows } from "../lib/export/export-stream";
import { paymentExportColumns } from "../lib/export/payments-columns";
import { messagesFor } from "../lib/i18n/messages";
import { requestToken } from "../sandbox/testing";
import { arg, argOr } from "./cli";
import { mb, sampleRss, treeRss } from "./proc";
import { signIn } from "./proxy-overhead";
import { startBenchServer } from "./server";

export type ExportBenchResult = {
  format: "csv" | "xlsx";
  query: string;
  rows: number;
  expectedRows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
  /** A second after the last byte: what the export left behind. */
  rssAfterMb: number;
  samples: number;
};

type Meta = { total_items_amount: number };

function dayKey(ms: number): string {
  return new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10); // Brazil has no DST since 2019
}

/** The latest start day such that [start, today] holds at least `target` payments. */
async function rangeFor(sandboxUrl: string, target: number): Promise<{ query: string; expected: number }> {
  const token = await requestToken(sandboxUrl);
  const count = async (start: string, end: string) => {
    const qs = new URLSearchParams({ registration_start_date: `${start}T00:00:00`, registration_end_date: `${end}T23:59:59` });
    const res = await fetch(`${sandboxUrl}/v1/pix/payments?${qs}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`sandbox list: HTTP ${res.status}`);
    return ((await res.json()) as { meta: Meta }).meta.total_items_amount;
  };
  const today = dayKey(Date.now());
  let lo = 0; // days back (inclusive) known too few
  let hi = 120; // days back known enough (the seeded history is 90 days)
  if ((await count(dayKey(Date.now() - hi * 86_400_000), today)) < target) throw new Error(`fewer than ${target} payments in the sandbox`);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await count(dayKey(Date.now() - mid * 86_400_000), today)) >= target) hi = mid;
    else lo = mid;
  }
  const start = dayKey(Date.now() - hi * 86_400_000);
  const qs = new URLSearchParams({ registration_start_date: `${start}T00:00:00`, registration_end_date: `${today}T23:59:59` });
  return { query: qs.toString(), expected: await count(start, today) };
}

export async function runExportBench(options: {
  appUrl: string;
  sandboxUrl: string;
  cookie: string;
  appPid: number;
  targetRows?: number;
  format?: "csv" | "xlsx";
  warmFull?: boolean;
}): Promise<ExportBenchResult> {
  const format = options.format ?? "csv";
  const { query, expected } = await rangeFor(options.sandboxUrl, options.targetRows ?? 10_000);
  const url = `${options.appUrl}/api/payments/export?${query}${format === "xlsx" ? "&format=xlsx" : ""}`;
  // Warm-up, not measured: a small export (route compiled, token cached), then, with
  // `warmFull`, the same export once, so the heap has grown to its working size and the
  // measured run shows what one more file costs (flat memory: nothing).
  const warm = await fetch(`${options.appUrl}/api/payments/export?status=authorization_pending&receiver_name=silva`, { headers: { cookie: options.cookie } });
  await warm.arrayBuffer();
  if (options.warmFull) await (await fetch(url, { headers: { cookie: options.cookie } })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 500));

  const rssBefore = treeRss(options.appPid);
  const sampler = sampleRss(options.appPid, 20);
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie: options.cookie } });
  if (res.status !== 200 || !res.body) {
    sampler.stop();
    throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
  }
  let bytes = 0;
  let newlines = 0;
  const chunks: Uint8Array[] = [];
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (format === "xlsx") chunks.push(value);
    else for (const byte of value) if (byte === 10) newlines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = sampler.stop();
  await new Promise((r) => setTimeout(r, 1_000));
  const rssAfter = treeRss(options.appPid);
  // CSV: one header line, one line per row (names carry no newline in the sandbox data).
  // XLSX: the workbook read back here (this process, not the app), minus the header row.
  const rows = format === "csv" ? newlines - 1 : await xlsxRows(Buffer.concat(chunks));
  return {
    format,
    query,
    rows,
    expectedRows: expected,
    bytes,
    seconds: Math.round(seconds * 100) / 100,
    rowsPerSecond: Math.round(rows / seconds),
    rssBeforeMb: mb(rssBefore),
    rssPeakMb: mb(memory.peakBytes),
    rssGrowthMb: mb(memory.peakBytes - rssBefore),
    rssAfterMb: mb(rssAfter),
    samples: memory.samples,
  };
}

async function xlsxRows(bytes: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return (workbook.worksheets[0]?.rowCount ?? 1) - 1;
}

/** A payment like the sandbox's, number `n`. */
function syntheticPayment(n: number): PaymentListItem {
  return {
    reference_code: `${n.toString(16).padStart(8, "0")}abcdef0123456789abcdef01`,
    idempotent_id: `pedido-2026-${String(n).padStart(7, "0")}`,
    value_cents: 1_000 + n,
    pix_key_type: "cpf",
    pix_key: "01234567890",
    receiver_name: `Recebedor ${n} da Silva`,
    receiver_document: "11222333000181",
    status: "completed",
    registration_date: "2026-03-01T09:15:02.123-03:00",
    payment_date: "2026-03-01T09:16:00.000-03:00",
    cancellation_date: null,
    cancellation_reason: null,
    end_to_end: "E18236120202603011215a1022c1tg10",
  };
}

export type HeapBenchResult = { format: "csv" | "xlsx"; rows: number; bytes: number; maxLiveHeapMb: number };

/** The export stream alone: the most live heap above its start (after a GC every 20 pages). */
export async function runHeapBench(format: "csv" | "xlsx", rows: number): Promise<HeapBenchResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc");
  const t = createTranslator({ locale: "pt-BR", messages: messagesFor("pt-BR"), timeZone: "America/Sao_Paulo" });
  const page = (p: number) => Array.from({ length: 100 }, (_, i) => syntheticPayment((p - 1) * 100 + i));
  gc();
  const base = process.memoryUsage().heapUsed;
  let max = 0;
  const next = pagedRows(page(1), Math.ceil(rows / 100), async (p) => {
    if (p % 20 === 0) {
      gc();
      max = Math.max(max, process.memoryUsage().heapUsed - base);
    }
    return page(p);
  });
  // The route's translator type is the server one; the same createTranslator underneath.
  const columns = paymentExportColumns(t as unknown as Parameters<typeof paymentExportColumns>[0]);
  const reader = createExportStream({ format, columns, next }).getReader();
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return { format, rows, bytes, maxLiveHeapMb: Math.round((max / 1e6) * 100) / 100 };
}

async function heapMain(): Promise<void> {
  for (const rows of [10_000, 100_000]) {
    for (const format of ["csv", "xlsx"] as const) {
      const r = await runHeapBench(format, rows);
      console.log(`${format.padEnd(4)} ${rows.toLocaleString("en")} rows, ${(r.bytes / 1e6).toFixed(1)} MB: live heap at most +${r.maxLiveHeapMb} MB`);
    }
  }
}

async function main(): Promise<void> {
  const seedCount = Number(argOr("seed", "80000"));
  const targets = (arg("rows") ?? "10000,30000,60000").split(",").map(Number);
  // Ports of their own: 3300/4310 are the whole bench's (and a common choice for a dev server).
  const server = await startBenchServer({
    seedCount,
    appPort: Number(argOr("app-port", "3360")),
    sandboxPort: Number(argOr("sandbox-port", "4360")),
    dataDir: ".data/export-bench",
  });
  try {
    const cookie = await signIn(server.appUrl, "viewer@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
    const results: ExportBenchResult[] = [];
    for (const targetRows of targets) {
      for (const format of ["csv", "xlsx"] as const) {
        const result = await runExportBench({ ...server, cookie, targetRows, format, warmFull: true });
        results.push(result);
        console.log(
          `${format.padEnd(4)} ${result.rows.toLocaleString("en")} rows (provider ${result.expectedRows.toLocaleString("en")}), ` +
            `${(result.bytes / 1e6).toFixed(2)} MB in ${result.seconds} s = ${result.rowsPerSecond.toLocaleString("en")} rows/s; ` +
            `RSS idle ${result.rssBeforeMb} MB, peak ${result.rssPeakMb} MB (+${result.rssGrowthMb}), 1 s after ${result.rssAfterMb} MB`,
        );
      }
    }
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  (process.argv.includes("--heap") ? heapMain() : main()).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
