/**
 * Batch files at the limit: a 5,000-row CSV (Brazilian Excel: BOM, `;`) and the same rows as an
 * XLSX, each read (`parseBatchFile`), validated (`validateBatchRows`) and turned into preview
 * rows (`toPreviewRow` + `sortForPreview`, what the API hands the preview table) N times.
 * Reports p50/p95 per step, the heap a run needs while it runs, what one result holds, and the
 * heap growth from first to last run after garbage collection (the target: flat).
 *
 *   npx tsx bench/batch-parse.ts [--runs 20] [--rows 5000]
 *
 * Writes bench/results/batch-parse.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { batchCsvBytes, batchXlsxBytes, generateBatchCells } from "../lib/batches/fixtures/generate";
import { MAX_BATCH_ROWS } from "../lib/batches/limits";
import { parseBatchFile } from "../lib/batches/parse";
import { sortForPreview, toPreviewRow } from "../lib/batches/preview-row";
import { validateBatchRows } from "../lib/batches/validate";
import { loadAverage, machineInfo, summarize } from "./proc";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const RUNS = argument("runs", 20);
const ROWS = argument("rows", MAX_BATCH_ROWS);
const WARMUP = 3;
const MB = 1024 * 1024;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const ONE_ROW = batchCsvBytes(generateBatchCells(1, 1));

function settledHeap(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Module scope, so the collector cannot drop a result while its size is measured. */
let _held: unknown = null;

type Run = { parseMs: number; validateMs: number; previewMs: number; totalMs: number; heapDuringMb: number };

async function once(bytes: Uint8Array, batchId: string, base: number): Promise<{ run: Run; valid: number; result: unknown }> {
  const t0 = performance.now();
  const reading = await parseBatchFile(bytes, {});
  if (!reading.ok) throw new Error(`refused: ${reading.problem.message}`);
  const t1 = performance.now();
  const validation = await validateBatchRows(reading.rows, { batchId, isIdUsed: async () => new Set() });
  const t2 = performance.now();
  const preview = sortForPreview(validation.rows.map(toPreviewRow));
  const t3 = performance.now();
  const heapDuringMb = (process.memoryUsage().heapUsed - base) / MB;
  return {
    run: { parseMs: t1 - t0, validateMs: t2 - t1, previewMs: t3 - t2, totalMs: t3 - t0, heapDuringMb },
    valid: validation.totals.valid,
    result: { reading, validation, preview },
  };
}

async function measure(format: "csv" | "xlsx", bytes: Uint8Array) {
  for (let i = 0; i < WARMUP; i += 1) await once(bytes, `warm-${i}`, 0);
  const base = settledHeap();
  const runs: Run[] = [];
  let valid = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const { run, valid: v } = await once(bytes, `bench-${i}`, base);
    runs.push(run);
    valid = v;
  }
  const growthMb = (settledHeap() - base) / MB;
  // What one finished result (rows read, validated, preview rows) keeps alive: the heap with it
  // minus the heap once it is dropped and a one-row run has overwritten whatever the async
  // frames still pointed at (the last awaited value lingers there until the next await).
  _held = (await once(bytes, "kept", 0)).result;
  const withResult = settledHeap();
  _held = null;
  await once(ONE_ROW, "one", 0);
  const heldMb = (withResult - settledHeap()) / MB;
  const pick = (key: keyof Run) => summarize(runs.map((r) => r[key]));
  return {
    format,
    rows: ROWS,
    bytes: bytes.byteLength,
    valid,
    runs: RUNS,
    parse: pick("parseMs"),
    validate: pick("validateMs"),
    preview: pick("previewMs"),
    total: pick("totalMs"),
    heapDuringRunMb: { p50: round(pick("heapDuringMb").p50), max: round(pick("heapDuringMb").max) },
    resultHeldMb: round(heldMb, 2),
    heapGrowthOverRunsMb: round(growthMb, 2),
  };
}

async function main() {
  const cells = generateBatchCells(ROWS, 18, 50);
  const csv = batchCsvBytes(cells);
  const xlsx = await batchXlsxBytes(cells);
  const loadBefore = loadAverage();
  const results = [await measure("csv", csv), await measure("xlsx", xlsx)];
  const report = { machine: machineInfo(), loadAverageBefore: loadBefore, loadAverageAfter: loadAverage(), node: process.version, results };

  const ms = (s: { p50: number; p95: number }) => `${s.p50} / ${s.p95}`;
  console.log(`\nBatch files: ${ROWS} rows, ${RUNS} runs each after ${WARMUP} warm-up runs (p50 / p95 ms; load ${loadBefore.join(" ")})\n`);
  console.table(
    Object.fromEntries(
      results.map((r) => [
        r.format.toUpperCase(),
        {
          "file kB": round(r.bytes / 1024),
          valid: r.valid,
          parse: ms(r.parse),
          validate: ms(r.validate),
          "preview rows": ms(r.preview),
          total: ms(r.total),
          "heap at end of run MB (p50/max)": `${r.heapDuringRunMb.p50} / ${r.heapDuringRunMb.max}`,
          "one result holds MB": r.resultHeldMb,
          [`heap growth over ${RUNS} runs MB`]: r.heapGrowthOverRunsMb,
        },
      ]),
    ),
  );
  const dir = join(process.cwd(), "bench", "results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "batch-parse.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written: bench/results/batch-parse.json`);
}

await main();
