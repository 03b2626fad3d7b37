/**
 * The statement exported for a period of about 10,000 movements (the sandbox seeded with enough
 * history): seconds per file and the process's RSS while OFX, CSV and XLSX stream, page pair by
 * page pair (memory must stay flat whatever the number of movements).
 *
 *   node --expose-gc --import ./bench/server-only-hook.mjs --import tsx bench/statement-export.ts [--seed 13000] [--json]
 */
import { getDb, setStoreForTests } from "@/lib/db";
import { TEST_ENGINES } from "@/lib/db/test-engines";
import { translator } from "@/lib/i18n/server";
import { startTestSandbox } from "@/lib/payments-api/test-sandbox";
import { statementExportResponse } from "@/lib/statement/export";
import type { StatementFormat } from "@/lib/statement/period-rules";
import { getStatement } from "@/lib/statement/source";

const args = process.argv.slice(2);
const seedCount = Number(args[args.indexOf("--seed") + 1] ?? 13_000) || 13_000;
const asJson = args.includes("--json");
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc;

const anchor = new Date("2026-11-21T15:00:00Z");
const sandbox = await startTestSandbox({ seedCount, anchor, now: () => anchor, autoClock: false });
// The provider's usual timeouts: the bench's sandbox answers big pages, not a unit test's small ones.
Object.assign(process.env, { PAYMENTS_API_TIMEOUT_MS: "10000", LOG_LEVEL: "silent" });
const { resetEnvForTests } = await import("@/lib/env");
resetEnvForTests();
const store = await TEST_ENGINES[0]!.open();
setStoreForTests(store);

const period = { start: "2026-08-24", end: "2026-11-21" };
const summary = await getStatement(period, 1);
const movements = summary.counts.in + summary.counts.out;
const t = translator("pt-BR");

async function measure(format: StatementFormat) {
  gc?.();
  const rssBefore = process.memoryUsage().rss;
  const rss: number[] = [];
  const heap: number[] = [];
  const started = performance.now();
  const response = await statementExportResponse({ format, period, actor: { id: "bench", email: "bench@example.test" }, ip: null, t, db: await getDb() });
  const reader = response.body!.getReader();
  let bytes = 0;
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    chunks += 1;
    if (chunks % 10 === 0) {
      rss.push(process.memoryUsage().rss);
      if (gc) {
        gc();
        heap.push(process.memoryUsage().heapUsed);
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    format,
    seconds: Math.round(seconds * 100) / 100,
    bytes,
    rssMbBefore: mb(rssBefore),
    rssMbMax: mb(Math.max(rssBefore, ...rss)),
    ...(heap.length ? { liveHeapMbFirst: mb(heap[0]!), liveHeapMbMax: mb(Math.max(...heap)), liveHeapMbLast: mb(heap.at(-1)!) } : {}),
  };
}

const results = [];
for (const format of ["ofx", "csv", "xlsx"] as const) results.push(await measure(format));
const report = { seedCount, period, movements, pages: summary.meta.total_pages, results };
console.log(asJson ? JSON.stringify(report) : JSON.stringify(report, null, 2));
// The last file's closing audit row is written after its reader saw the end: let it land first.
await new Promise((resolve) => setTimeout(resolve, 500));
setStoreForTests(undefined);
await store.close();
await sandbox.close();
