/**
 * Sandbox list latency at scale: starts a sandbox with 200,000 seeded payments in memory and
 * measures GET /v1/pix/payments over real HTTP (one client, sequential requests, keep-alive)
 * with no filter and with each single filter. Prints a Markdown table and writes
 * bench/results/sandbox-list.json. Target: p95 < 50 ms for any single-filter query.
 *
 *   npx tsx bench/sandbox-list.ts [--count 200000] [--requests 120]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { listItem } from "../sandbox/format";
import { parseListQuery, runListQuery } from "../sandbox/list-query";
import { startSandbox } from "../sandbox/server";
import { requestToken } from "../sandbox/testing";
import { arg } from "./cli";

const numberArg = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));

export interface ListBenchRow {
  name: string;
  /** One of the query strings used (they rotate through a few values). */
  example: string;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** total_items_amount of the example query. */
  matches: number;
  /** The same queries answered in-process (parse, scan, format, serialize), no HTTP. */
  inProcessP50Ms: number;
  inProcessP95Ms: number;
}

export interface ListBenchResult {
  seedCount: number;
  requestsPerQuery: number;
  startupMs: number;
  heapUsedMb: number;
  targetP95Ms: number;
  rows: ListBenchRow[];
}

type Scenario = { name: string; queries: string[] };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 100) / 100;

export async function runSandboxListBench(options: { count?: number; requests?: number } = {}): Promise<ListBenchResult> {
  const count = options.count ?? 200_000;
  const requests = options.requests ?? 120;
  const started = performance.now();
  const sb = await startSandbox({
    port: 0,
    store: "memory",
    seedCount: count,
    quiet: true,
    autoClock: false,
    now: () => new Date("2026-11-21T15:00:00.000Z"),
  });
  const startupMs = performance.now() - started;
  try {
    const token = await requestToken(sb.url, sb.clientId, sb.clientSecret);
    const headers = { authorization: `Bearer ${token}` };
    const get = async (query: string) => {
      const res = await fetch(`${sb.url}/v1/pix/payments?${query}`, { headers });
      const body = (await res.json()) as { meta: { total_items_amount: number } };
      if (res.status !== 200) throw new Error(`${query}: ${res.status}`);
      return body.meta.total_items_amount;
    };
    // Real values to look for, taken from the data itself.
    const rows = sb.core.index.all();
    const pickRows = (n: number, keep: (i: number) => boolean = () => true) => {
      const out = [];
      for (let i = 7; out.length < n && i < rows.length; i += Math.floor(rows.length / (n + 1)) || 1) {
        if (keep(i)) out.push(rows[i]!);
      }
      return out;
    };
    const sample = pickRows(8);
    const withE2e = pickRows(40, (i) => rows[i]!.end_to_end !== null).slice(0, 8);
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    const weeks = ["2026-09-07", "2026-10-05", "2026-11-02", "2026-11-14"];
    const weekEnd = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    const scenarios: Scenario[] = [
      { name: "no filter (page 1)", queries: ["page=1"] },
      { name: "no filter (page 1000)", queries: ["page=1000", "page=1500", "page=1999"] },
      { name: "receiver_name", queries: ["silva", "Maria", "ltda", "santos oliveira"].map((v) => q({ receiver_name: v })) },
      { name: "receiver_document", queries: sample.map((r) => q({ receiver_document: r.receiver_document.replace(/\D/g, "").slice(2, 8) })) },
      { name: "status", queries: ["completed", "canceled", "authorization_pending", "sent"].map((status) => q({ status })) },
      { name: "reference_code", queries: sample.map((r) => q({ reference_code: r.reference_code.slice(4, 12) })) },
      { name: "end_to_end", queries: withE2e.map((r) => q({ end_to_end: r.end_to_end! })) },
      {
        name: "registration range (1 week)",
        queries: weeks.map((d) => q({ registration_start_date: `${d}T00:00:00`, registration_end_date: `${weekEnd(d)}T23:59:59` })),
      },
      {
        name: "payment range (1 week)",
        queries: weeks.map((d) => q({ payment_start_date: `${d}T00:00:00`, payment_end_date: `${weekEnd(d)}T23:59:59` })),
      },
    ];
    const result: ListBenchRow[] = [];
    for (const s of scenarios) {
      for (let i = 0; i < 10; i++) await get(s.queries[i % s.queries.length]!); // warm-up
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        await get(s.queries[i % s.queries.length]!);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const matches = await get(s.queries[0]!);
      const local: number[] = [];
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        const parsed = parseListQuery(new URLSearchParams(s.queries[i % s.queries.length]!));
        if (!parsed.ok) throw new Error(parsed.messages.join());
        const r = runListQuery(sb.core.index, parsed.filters);
        JSON.stringify({ payments: r.items.map(listItem), meta: r.totalItems });
        local.push(performance.now() - t);
      }
      local.sort((a, b) => a - b);
      result.push({
        inProcessP50Ms: round(percentile(local, 50)),
        inProcessP95Ms: round(percentile(local, 95)),
        name: s.name,
        example: s.queries[0]!,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        maxMs: round(times[times.length - 1]!),
        matches,
      });
    }
    return {
      seedCount: count,
      requestsPerQuery: requests,
      startupMs: Math.round(startupMs),
      heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1_048_576),
      targetP95Ms: 50,
      rows: result,
    };
  } finally {
    await sb.close();
  }
}

export function formatListBench(r: ListBenchResult): string {
  const lines = [
    `Sandbox list latency, ${r.seedCount.toLocaleString("en")} seeded payments, ${r.requestsPerQuery} sequential requests per query (start-up ${r.startupMs} ms, heap ${r.heapUsedMb} MB)`,
    "",
    "| query | p50 ms | p95 ms | max ms | in-process p50 / p95 ms | matches (example) |",
    "|---|---:|---:|---:|---:|---:|",
    ...r.rows.map(
      (x) =>
        `| ${x.name} | ${x.p50Ms} | ${x.p95Ms} | ${x.maxMs} | ${x.inProcessP50Ms} / ${x.inProcessP95Ms} | ${x.matches.toLocaleString("en")} |`,
    ),
  ];
  const worst = Math.max(...r.rows.map((x) => x.p95Ms));
  lines.push("", `Worst p95: ${worst} ms (target < ${r.targetP95Ms} ms): ${worst < r.targetP95Ms ? "met" : "NOT met"}`);
  return lines.join("\n");
}


if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runSandboxListBench({ count: numberArg("count"), requests: numberArg("requests") });
  console.log(formatListBench(result));
  const out = join(dirname(fileURLToPath(import.meta.url)), "results", "sandbox-list.json");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...result, measuredAt: new Date().toISOString() }, null, 2)}\n`);
  console.log(`\nwritten ${out}`);
}
