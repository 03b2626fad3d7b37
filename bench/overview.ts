/**
 * Overview benchmark: the default overview (30 Brazil days by day = 156 page-1 list queries)
 * computed by the insights aggregator against a sandbox this script starts, three ways in one run:
 *   sequential  the naive fan-out: one provider call after the other, no cache
 *   cold        the aggregator as the server runs it (p-limit 8), empty cache
 *   cached      the same query again within the 15 s TTL (median of several asks)
 * Each is run twice: against the bare local sandbox (no network: the fan-out is CPU-bound on this
 * machine, so parallelism gains little) and with a realistic provider latency added to every list
 * call (the sandbox's "delay" fault, default 20 ms), which is what the fan-out exists for.
 * Targets (judged with latency): cold >= 4x faster than sequential, cached < 50 ms. Reports, never fails.
 *
 *   npx tsx bench/overview.ts [--seed-count 3000] [--concurrency 8] [--latency-ms 20] [--sandbox child|inline]
 *
 * The aggregator and the provider client are server-only modules: they load only under the
 * `react-server` condition. `runOverviewBench()` called from a process without it runs this file
 * in a child process that has it. The sandbox runs in its own process by default (as in
 * production, the provider does not share our CPU). Writes bench/results/overview.json and
 * prints a Markdown table.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { InsightsAnswer } from "@/lib/insights/schema";
import { benchSandboxCommand } from "./sandbox-process";

export type OverviewBenchOptions = {
  seedCount?: number;
  concurrency?: number;
  cachedRuns?: number;
  sandbox?: "child" | "inline";
  /** Added latency per provider call (sandbox "delay" fault) of the realistic scenario. Default 20. */
  latencyMs?: number;
};

export type OverviewScenario = {
  /** Latency added to every provider call: 0 = the bare local sandbox (CPU-bound). */
  latencyMs: number;
  sequentialMs: number;
  coldMs: number;
  cachedMedianMs: number;
  cachedMaxMs: number;
  cachedRuns: number;
  speedup: number;
  meetsColdTarget: boolean;
  meetsCachedTarget: boolean;
  /** The three ways gave the same totals and series. */
  consistent: boolean;
  /** Failures of the cold run, if any (a partial answer is not a valid measurement). */
  errors: string[];
};

export type OverviewBenchResult = {
  at: string;
  days: number;
  calls: number;
  seedCount: number;
  concurrency: number;
  sandbox: "child" | "inline";
  /** The bare local sandbox first, then the sandbox with realistic provider latency. */
  scenarios: OverviewScenario[];
  /** The targets are judged on the realistic scenario (the last one). */
  meetsColdTarget: boolean;
  meetsCachedTarget: boolean;
};

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const OVERVIEW_RESULTS_PATH = join(ROOT, "bench", "results", "overview.json");

function hasReactServerCondition(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  return flags.some((f, i) => f === "--conditions=react-server" || f === "-C=react-server" || (/^(--conditions|-C)$/.test(f) && flags[i + 1] === "react-server"));
}

/** Runs the benchmark (in a child process when this one lacks the react-server condition). */
export async function runOverviewBench(options: OverviewBenchOptions = {}): Promise<OverviewBenchResult> {
  const result = hasReactServerCondition() ? await measure(options) : await measureInChild(options);
  await mkdir(dirname(OVERVIEW_RESULTS_PATH), { recursive: true });
  await writeFile(OVERVIEW_RESULTS_PATH, `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

type Sandbox = { url: string; close(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startBenchSandbox(kind: "child" | "inline", seedCount: number): Promise<Sandbox> {
  if (kind === "inline") {
    const { startSandbox } = await import("@/sandbox/server");
    const s = await startSandbox({ port: 0, store: "memory", quiet: true, seedCount, autoClock: false });
    return { url: s.url, close: () => s.close() };
  }
  const port = await freePort();
  const env = { ...process.env, SANDBOX_PORT: String(port), SANDBOX_STORE: "memory", SANDBOX_SEED_COUNT: String(seedCount) };
  const run = await benchSandboxCommand();
  const child: ChildProcess = spawn(run.command, run.args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("sandbox listening on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`sandbox exited early (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", () => resolve()), child.kill("SIGTERM")))),
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

const figures = (a: InsightsAnswer) => JSON.stringify([a.totals, a.series, a.failed]);

/** The measurement itself; needs the react-server condition (server-only modules). */
async function measure(options: OverviewBenchOptions): Promise<OverviewBenchResult> {
  const seedCount = options.seedCount ?? 3_000;
  const concurrency = options.concurrency ?? 8;
  const cachedRuns = options.cachedRuns ?? 25;
  const latencies = [0, options.latencyMs ?? 20];
  const kind = options.sandbox ?? "child";
  const sandbox = await startBenchSandbox(kind, seedCount);
  const saved = { ...process.env };
  try {
    // Outside sandbox mode the configuration wants every setting: bench-only values.
    Object.assign(process.env, {
      PAYMENTS_API_URL: sandbox.url,
      PAYMENTS_API_CLIENT_ID: "sandbox-client",
      PAYMENTS_API_CLIENT_SECRET: "sandbox-secret",
      PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer overview-bench",
      AUTH_SECRET: "overview-bench-auth-secret-not-used-0001",
      LOG_LEVEL: "silent",
    });
    const { resetEnvForTests } = await import("@/lib/env");
    resetEnvForTests();
    const { listPayments } = await import("@/lib/payments-api");
    const { createInsightsAggregator } = await import("@/lib/insights/aggregate");
    const { resolveInsightsQuery } = await import("@/lib/insights/query");
    const { brazilDayKey } = await import("@/lib/pix/time");
    const query = resolveInsightsQuery({}, brazilDayKey(new Date()));
    const control = (method: string, body?: unknown) =>
      fetch(`${sandbox.url}/_control/faults`, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });

    const scenarios: OverviewScenario[] = [];
    let calls = 0;
    for (const latencyMs of latencies) {
      await control("DELETE");
      if (latencyMs > 0) await control("POST", { method: "GET", path: "/v1/pix/payments", fault: "delay", delayMs: latencyMs, times: 1_000_000 });
      // Warm-up (token, JIT, the sandbox's first queries) on another query: not measured.
      await createInsightsAggregator({ list: listPayments, concurrency, ttlMs: 0 }).getInsights({ ...query, group_by: "week" });
      const sequential = await timed(() => createInsightsAggregator({ list: listPayments, concurrency: 1, ttlMs: 0 }).getInsights(query));
      const aggregator = createInsightsAggregator({ list: listPayments, concurrency });
      const cold = await timed(() => aggregator.getInsights(query));
      const cachedMs: number[] = [];
      let cachedAnswer = cold.value;
      for (let i = 0; i < cachedRuns; i += 1) {
        const run = await timed(() => aggregator.getInsights(query));
        cachedMs.push(run.ms);
        cachedAnswer = run.value;
      }
      cachedMs.sort((a, b) => a - b);
      const cachedMedianMs = cachedMs[Math.floor(cachedMs.length / 2)] ?? Number.NaN;
      const speedup = sequential.ms / cold.ms;
      calls = cold.value.calls;
      scenarios.push({
        latencyMs,
        sequentialMs: round(sequential.ms),
        coldMs: round(cold.ms),
        cachedMedianMs: round(cachedMedianMs),
        cachedMaxMs: round(cachedMs.at(-1) ?? Number.NaN),
        cachedRuns,
        speedup: round(speedup),
        meetsColdTarget: speedup >= 4,
        meetsCachedTarget: cachedMedianMs < 50,
        consistent: !cold.value.partial && figures(sequential.value) === figures(cold.value) && figures(cold.value) === figures(cachedAnswer),
        errors: cold.value.errors,
      });
    }
    await control("DELETE");
    const realistic = scenarios.at(-1);
    return {
      at: new Date().toISOString(),
      days: 30,
      calls,
      seedCount,
      concurrency,
      sandbox: kind,
      scenarios,
      meetsColdTarget: !!realistic?.meetsColdTarget && realistic.consistent,
      meetsCachedTarget: !!realistic?.meetsCachedTarget,
    };
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
    await sandbox.close();
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function measureInChild(options: OverviewBenchOptions): Promise<OverviewBenchResult> {
  const args = ["--conditions=react-server", "--import", "tsx", fileURLToPath(import.meta.url), "--json"];
  const flags = [
    ["--seed-count", options.seedCount],
    ["--concurrency", options.concurrency],
    ["--sandbox", options.sandbox],
    ["--latency-ms", options.latencyMs],
  ] as const;
  for (const [flag, value] of flags) {
    if (value !== undefined) args.push(flag, String(value));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`overview bench child exited with ${code}`));
      try {
        resolve(JSON.parse(line) as OverviewBenchResult);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

export function overviewMarkdown(r: OverviewBenchResult): string {
  const met = (pass: boolean) => (pass ? "yes" : "**no**");
  const rows = r.scenarios.map((x) => {
    const where = x.latencyMs === 0 ? "bare local sandbox" : `+${x.latencyMs} ms per provider call`;
    const note = x.consistent ? "" : ` (inconsistent: ${x.errors.join("; ") || "figures differ"})`;
    return `| ${where} | ${x.sequentialMs.toFixed(0)} ms | ${x.coldMs.toFixed(0)} ms | ${x.speedup.toFixed(1)}× | ${x.cachedMedianMs.toFixed(2)} ms (max ${x.cachedMaxMs.toFixed(2)}) | ${met(x.meetsColdTarget)} / ${met(x.meetsCachedTarget)}${note} |`;
  });
  return [
    `Overview: 30 days by day = ${r.calls} page-1 list queries; ${r.seedCount.toLocaleString("en")} seeded payments; p-limit ${r.concurrency}; sandbox in ${r.sandbox === "child" ? "its own process" : "the same process"}.`,
    "Targets: cold ≥ 4× faster than the naive sequential fan-out, cached < 50 ms (judged with provider latency).",
    "",
    "| provider | sequential | cold | speedup | cached (median of " + (r.scenarios[0]?.cachedRuns ?? 0) + ") | targets met (cold / cached) |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

function parseArgs(argv: string[]): OverviewBenchOptions & { json: boolean } {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const number = (name: string) => (value(name) ? Number(value(name)) : undefined);
  const sandbox = value("--sandbox");
  return {
    json: argv.includes("--json"),
    latencyMs: number("--latency-ms"),
    seedCount: number("--seed-count"),
    concurrency: number("--concurrency"),
    sandbox: sandbox === "inline" || sandbox === "child" ? sandbox : undefined,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { json, ...options } = parseArgs(process.argv.slice(2));
  (json ? measure(options) : runOverviewBench(options))
    .then((result) => {
      console.log(json ? JSON.stringify(result) : `${overviewMarkdown(result)}\n\nWritten to ${OVERVIEW_RESULTS_PATH}`);
      process.exit(0);
    })
    .catch((err: unknown) => {
      console.error("overview bench failed:", err);
      process.exit(1);
    });
}
