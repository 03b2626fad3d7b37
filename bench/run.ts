/**
 * `npm run bench`: every benchmark in one go, written to docs/BENCHMARKS.md and
 * bench/results/latest.json. Reports, never fails (exit 0 with figures even when a target is
 * missed or a benchmark could not run).
 *
 *   npm run bench [-- --load] [-- --skip-build] [-- --quick]
 *   npm run bench -- --scale [--sizes 20000,2000000] [--engine pglite] [--reuse]   (the store at scale alone: bench/store-scale.ts)
 *   npm run bench -- --api-path [--engine pglite|postgresql|both]         (POST /api/transfers vs the provider: bench/api-path.ts)
 *
 * Order (quietest first): next build; the sandbox list at 200,000 payments (in-process); the
 * overview fan-out (its own sandbox, child process); batch files read and validated, and the
 * payout engine (queue rate, a 5,000-row batch; child processes); then the production server
 * the proxy (GET /api/payments against the sandbox, a bare forwarder and Next.js's floor, then
 * a CPU profile; each on a server of its own); then the production server
 * (ports 3300 / 4310, 200,000 seeded payments) for the browser figures,
 * confirm/approve on screen, the CSV export and, with --load, the load run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runExportBench } from "./export-bench";
import type { MetricsCostResult } from "./metrics-cost";
import { loadMarkdown, runLoad, type LoadResult } from "./load";
import { runOverviewBench } from "./overview";
import { runPageMetrics } from "./page-metrics";
import { runPayoutBench } from "./payout-process";
import { runTransferFlowBench } from "./transfer-flow";
import { loadAverage, machineInfo } from "./proc";
import { runProxyBenchOnOwnServer, signIn } from "./proxy-overhead";
import { runProxyProfile } from "./proxy-profile";
import type { ChargeImportResult } from "./charge-import";
import { reportMarkdown, type BatchParseResult, type BenchReport } from "./report";
import { runSandboxListBench } from "./sandbox-list";
import { lastStoreScale, recordStoreScale, runStoreScaleBench, storeScaleMarkdown } from "./store-scale";
import { holdMachineSlot, nextBuild, ROOT, startBenchServer, waitForQuietMachine } from "./server";

const flags = new Set(process.argv.slice(2));
const quick = flags.has("--quick");
const PASSWORD = process.env.DEMO_PASSWORD ?? "demo-password";
const RESULTS = join(ROOT, "bench", "results");
const LOAD_PATH = join(RESULTS, "load.json");

const log = (line: string) => console.log(`[bench] ${line}`);

async function step<T>(report: BenchReport, key: string, fn: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  log(`${key}...`);
  try {
    const value = await fn();
    log(`${key} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return value;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    report.errors[key] = message.split("\n")[0]!.slice(0, 300);
    log(`${key} FAILED: ${message}`);
    return undefined;
  }
}

function lastLoad(): (LoadResult & { at: string }) | undefined {
  if (!existsSync(LOAD_PATH)) return undefined;
  try {
    return JSON.parse(readFileSync(LOAD_PATH, "utf8")) as LoadResult & { at: string };
  } catch {
    return undefined;
  }
}

/** bench/metrics-cost.ts in its own process (the store modules need the react-server condition), then its JSON. */
async function runMetricsCostBench(rounds: number): Promise<MetricsCostResult> {
  const result = spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "bench/metrics-cost.ts", "--rounds", String(rounds)], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`bench/metrics-cost.ts exited with ${result.status}`);
  return JSON.parse(readFileSync(join(RESULTS, "metrics-cost.json"), "utf8")) as MetricsCostResult;
}

/** bench/batch-parse.ts in its own process (it sizes the heap with --expose-gc), then its JSON. */
async function runBatchParseBench(runs: number): Promise<BatchParseResult> {
  const result = spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["bench/batch-parse.ts", "--runs", String(runs)], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`bench/batch-parse.ts exited with ${result.status}`);
  return JSON.parse(readFileSync(join(RESULTS, "batch-parse.json"), "utf8")) as BatchParseResult;
}

/** bench/charge-import.ts in its own process (server modules outside Next.js: the server-only hook), then its JSON. */
async function runChargeImportBench(rows: number, runs: number): Promise<ChargeImportResult> {
  const args = ["--import", "./bench/server-only-hook.mjs", "--import", "tsx", "bench/charge-import.ts", "--rows", String(rows), "--runs", String(runs)];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error(`bench/charge-import.ts exited with ${result.status}`);
  return JSON.parse(readFileSync(join(RESULTS, "charge-import.json"), "utf8")) as ChargeImportResult;
}

/** `--scale`: the store seeded at two sizes and the same calls timed on each (its own section of the report). */
async function scaleOnly(): Promise<void> {
  const at = process.argv.indexOf("--sizes");
  const sizes = (at >= 0 ? process.argv[at + 1]! : "20000,200000").split(",").map((v) => Number(v.replace(/_/g, "")));
  if (sizes.length !== 2 || sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) throw new Error("--sizes takes two whole numbers: 20000,2000000");
  const engineAt = process.argv.indexOf("--engine");
  const engine = engineAt >= 0 ? process.argv[engineAt + 1]! : "postgres";
  await waitForQuietMachine(log);
  holdMachineSlot("npm run bench -- --scale");
  const result = await runStoreScaleBench({ sizes: [sizes[0]!, sizes[1]!], engine, runs: quick ? 5 : 15, reuse: process.argv.includes("--reuse"), log });
  recordStoreScale(result);
  console.log(`\n${storeScaleMarkdown(result)}`);
  log("written the store-at-scale section of docs/BENCHMARKS.md and bench/results/store-scale.json");
}

/** `--api-path`: POST /api/transfers from concurrent clients against the provider's own rate, on the last build. */
async function apiPathOnly(): Promise<void> {
  await waitForQuietMachine(log);
  holdMachineSlot("npm run bench -- --api-path");
  const { runApiPathBench } = await import("./api-path");
  console.log(`\n${await runApiPathBench()}`);
}

async function main(): Promise<void> {
  if (flags.has("--scale")) return scaleOnly();
  if (flags.has("--api-path")) return apiPathOnly();
  const started = performance.now();
  const report: BenchReport = { machine: machineInfo(), finishedAt: "", durationS: 0, loadAverageAfter: [], errors: {} };
  mkdirSync(RESULTS, { recursive: true });

  await waitForQuietMachine(log);
  holdMachineSlot("npm run bench");
  if (!flags.has("--skip-build")) {
    const built = await step(report, "build", async () => nextBuild());
    if (built === undefined && report.errors.build) log("continuing with the previous build, if any");
  }
  report.machine = machineInfo(); // load average after the build settles is the honest one
  report.sandboxList = await step(report, "sandboxList", () => runSandboxListBench({ count: quick ? 20_000 : 200_000, requests: quick ? 30 : 120 }));
  report.overview = await step(report, "overview", () => runOverviewBench());
  report.batchParse = await step(report, "batchParse", () => runBatchParseBench(quick ? 5 : 20));
  report.chargeImport = await step(report, "chargeImport", () => runChargeImportBench(quick ? 200 : 1_000, quick ? 1 : 2));
  report.metricsCost = await step(report, "metricsCost", () => runMetricsCostBench(quick ? 3 : 7));
  report.payout = await step(report, "payout", () => runPayoutBench(quick ? ["--requests", "50", "--batch-rows", "500"] : []));

  // The proxy on servers of their own (the sandbox at its default size), before the shared one starts.
  report.proxy = await step(report, "proxy", () => runProxyBenchOnOwnServer(quick ? { rounds: 1, roundS: 2 } : {}));
  report.proxyProfile = await step(report, "proxyProfile", () => runProxyProfile({ durationS: quick ? 5 : 15 }));
  report.floorProfile = await step(report, "floorProfile", () => runProxyProfile({ durationS: quick ? 5 : 10, path: "/api/health" }));

  const seedCount = quick ? 20_000 : 200_000;
  const server = await step(report, "server", () => startBenchServer({ seedCount }));
  if (server) {
    try {
      const viewer = await step(report, "signIn", () => signIn(server.appUrl, "viewer@demo.test", PASSWORD));
      report.pages = await step(report, "pages", () => runPageMetrics({ appUrl: server.appUrl, email: "admin@demo.test", password: PASSWORD, runs: quick ? 3 : 7 }));
      report.transferFlow = await step(report, "transferFlow", () => runTransferFlowBench({ appUrl: server.appUrl, password: PASSWORD, runs: quick ? 3 : 10 }));
      if (viewer) {
        const exported = await step(report, "export", () =>
          runExportBench({ appUrl: server.appUrl, sandboxUrl: server.sandboxUrl, cookie: viewer, appPid: server.appPid }),
        );
        if (exported) report.export = { ...exported, seedCount };
        if (flags.has("--load")) {
          const load = await step(report, "load", () =>
            runLoad({ appUrl: server.appUrl, cookie: viewer, appPid: server.appPid, durationS: quick ? 5 : 30 }),
          );
          if (load) {
            const recorded = { ...load, at: new Date().toISOString() };
            writeFileSync(LOAD_PATH, `${JSON.stringify(recorded, null, 2)}\n`);
            log(`\n${loadMarkdown(load)}`);
          }
        }
      }
    } finally {
      await server.stop();
    }
  }
  report.load = lastLoad();
  report.storeScale = lastStoreScale();
  report.apiPath = (await import("./api-path")).lastApiPath();
  report.finishedAt = new Date().toISOString();
  report.durationS = Math.round((performance.now() - started) / 1000);
  report.loadAverageAfter = loadAverage();

  const markdown = reportMarkdown(report);
  writeFileSync(join(RESULTS, "latest.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(ROOT, "docs", "BENCHMARKS.md"), markdown);
  console.log(`\n${markdown}`);
  log("written docs/BENCHMARKS.md and bench/results/latest.json");
}

main()
  .catch((err: unknown) => {
    // Even a harness failure reports instead of failing the command.
    console.error("[bench] unexpected failure:", err);
  })
  .finally(() => process.exit(0));
