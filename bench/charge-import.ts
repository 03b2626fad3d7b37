/**
 * Charges made from a 1,000-row spreadsheet: the preview (every row read and checked, nothing
 * made) and the import (each row's charge and audit written, the provider asked for its QR code,
 * the answer recorded), on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL. The sandbox
 * runs compiled in its own process (as production runs the provider: elsewhere), on localhost.
 *
 *   node --import ./bench/server-only-hook.mjs --import tsx bench/charge-import.ts [--rows 1000] [--runs 2]
 *
 * Writes bench/results/charge-import.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, startSandboxProcess } from "./payout-support";
import { machineInfo } from "./proc";

export type ChargeImportResult = {
  rows: number;
  results: Array<{ engine: string; run: number; rows: number; previewMs: number; previewNew: number; importS: number; chargesPerSecond: number }>;
};

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
const ROWS = argument("rows", 1_000);
const RUNS = argument("runs", 2);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

const port = await freePort();
const sandbox = await startSandboxProcess(port);
Object.assign(process.env, {
  PAYMENTS_API_URL: `http://127.0.0.1:${port}`,
  PAYMENTS_API_CLIENT_ID: "bench",
  PAYMENTS_API_CLIENT_SECRET: "bench-secret",
  PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer bench",
  PAYMENTS_API_TIMEOUT_MS: "10000",
  AUTH_SECRET: "bench-auth-secret-bench-auth-secret-0001",
  COMPANY_NAME: "Empresa Demonstração Ltda",
  COMPANY_DOCUMENT: "11222333000181",
  LOG_LEVEL: "silent",
});

const { setStoreForTests } = await import("@/lib/db");
const { TEST_ENGINES } = await import("@/lib/db/test-engines");
const { readChargeFile, importCharges } = await import("@/lib/charges/import");
const { previewChargeRows } = await import("@/lib/charges/import-preview");
const { chargeDeps } = await import("@/lib/charges/runtime");
const { addBrazilDays, brazilDayKey } = await import("@/lib/pix/time");

/** A spreadsheet as finance writes it (Brazilian Excel: BOM, `;`, 1.234,56, dd/mm/aaaa), every row good. */
function spreadsheet(tag: string): Uint8Array {
  const due = brazilDayKey(addBrazilDays(new Date(), 10)).split("-").reverse().join("/");
  const payers = [
    ["Padaria Pão de Açúcar", "529.982.247-25"],
    ["Mercado São João Ltda", "11.444.777/0001-61"],
  ];
  const lines = ["payer_name;payer_document;value;due_date;description;external_reference;payer_email"];
  for (let i = 1; i <= ROWS; i++) {
    const [name, document] = payers[i % 2]!;
    const cents = 1_000 + ((i * 7_919) % 500_000);
    const value = `${Math.floor(cents / 100).toLocaleString("pt-BR")},${String(cents % 100).padStart(2, "0")}`;
    lines.push(`${name} ${i};${document};${value};${due};Fatura ${i};BENCH-${tag}-${i};financeiro${i}@exemplo.com.br`);
  }
  return new TextEncoder().encode(`\uFEFF${lines.join("\r\n")}\r\n`);
}

const maker = { id: "bench-operator", email: "operator@bench.test", ip: null };
const results: Array<Record<string, unknown>> = [];
try {
  for (const engine of TEST_ENGINES) {
    const store = await engine.open();
    setStoreForTests(store);
    try {
      for (let run = 1; run <= RUNS; run++) {
        const bytes = spreadsheet(`${engine.name}-${Date.now().toString(36)}-${run}`);
        const t0 = performance.now();
        const reading = await readChargeFile(bytes, { fileName: "cobrancas.csv" });
        if (!reading.ok) throw new Error(`refused: ${reading.problem.message}`);
        const preview = await previewChargeRows(store.db, reading);
        const t1 = performance.now();
        const outcome = await importCharges(store.db, reading.rows, maker, chargeDeps());
        const t2 = performance.now();
        if (outcome.created !== ROWS || outcome.errors.length) throw new Error(`made ${outcome.created} of ${ROWS}: ${JSON.stringify(outcome.errors.slice(0, 3))}`);
        const result = {
          engine: engine.name,
          run,
          rows: ROWS,
          previewMs: round(t1 - t0),
          previewNew: preview.filter((r) => r.status === "new").length,
          importS: round((t2 - t1) / 1000, 2),
          chargesPerSecond: round(ROWS / ((t2 - t1) / 1000)),
        };
        results.push(result);
        console.log(JSON.stringify(result));
      }
    } finally {
      setStoreForTests(undefined);
      await store.close();
    }
  }
} finally {
  sandbox.kill("SIGTERM");
}
const report = { machine: machineInfo(), rows: ROWS, runs: RUNS, results };
const dir = join(import.meta.dirname, "results");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "charge-import.json"), `${JSON.stringify(report, null, 2)}\n`);
