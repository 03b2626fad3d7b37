/**
 * Load run: autocannon, 100 connections for 30 s on GET /api/payments and then on
 * GET /api/payments/{id} (100 ids from the first page, in turn), signed in; the pair twice in a
 * row. Reports errors (must be 0), p50/p99, req/s, the app's resident memory before and after
 * each round and the growth between the two rounds (a leak shows as round 2 ending well above
 * round 1). Stays out of CI: about 2.5 minutes of a saturated machine.
 *
 *   npx tsx bench/load.ts                 # builds nothing: starts `next start` on the last build
 *   npx tsx bench/load.ts --app http://localhost:3300 --pid <next start pid>
 *   npm run bench -- --load               # as part of the full report
 *   options: --connections 100 --duration 30 --rounds 2 --seed-count 200000
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { signIn } from "./proxy-overhead";
import { mb, sampleRss, treeRss } from "./proc";
import { holdMachineSlot, startBenchServer, waitForQuietMachine } from "./server";
import { arg } from "./cli";

type Histogram = { average: number; p50: number; p99: number; max: number };
type AutocannonResult = { latency: Histogram; requests: Histogram & { total: number }; errors: number; timeouts: number; non2xx: number; "2xx": number };
type AutocannonRequest = { method: "GET"; path: string };
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export type LoadRouteResult = {
  route: string;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
};
export type LoadRound = { routes: LoadRouteResult[]; rssBeforeMb: number; rssPeakMb: number; rssAfterMb: number };
export type LoadResult = {
  connections: number;
  durationS: number;
  rounds: LoadRound[];
  totalErrors: number;
  /** RSS after the last round minus RSS after the first. */
  growthBetweenRoundsMb: number;
};

export type LoadOptions = { appUrl: string; cookie: string; appPid: number; connections?: number; durationS?: number; rounds?: number };

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 100;
  const durationS = options.durationS ?? 30;
  const headers = { cookie: options.cookie };
  const first = await fetch(`${options.appUrl}/api/payments?page=1`, { headers });
  if (first.status !== 200) throw new Error(`GET /api/payments: HTTP ${first.status}`);
  const ids = ((await first.json()) as { payments: Array<{ idempotent_id: string }> }).payments.map((p) => p.idempotent_id);
  const targets = [
    { route: "GET /api/payments", url: `${options.appUrl}/api/payments?page=1`, requests: undefined },
    {
      route: "GET /api/payments/{id}",
      url: options.appUrl,
      requests: ids.map((id): AutocannonRequest => ({ method: "GET", path: `/api/payments/${encodeURIComponent(id)}` })),
    },
  ];
  // Warm-up (JIT, keep-alive pools): not measured.
  for (const t of targets) await autocannon({ url: t.url, connections: 10, duration: 2, headers, requests: t.requests });
  await new Promise((r) => setTimeout(r, 1_000));

  const rounds: LoadRound[] = [];
  for (let round = 0; round < (options.rounds ?? 2); round += 1) {
    const rssBefore = treeRss(options.appPid);
    const sampler = sampleRss(options.appPid, 250);
    const routes: LoadRouteResult[] = [];
    for (const t of targets) {
      const r = await autocannon({ url: t.url, connections, duration: durationS, headers, requests: t.requests });
      routes.push({
        route: t.route,
        requests: r.requests.total,
        reqPerSec: Math.round(r.requests.average * 10) / 10,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        maxMs: r.latency.max,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    }
    const memory = sampler.stop();
    // Let in-flight work finish and the heap settle a moment before reading "after".
    await new Promise((r) => setTimeout(r, 2_000));
    rounds.push({ routes, rssBeforeMb: mb(rssBefore), rssPeakMb: mb(memory.peakBytes), rssAfterMb: mb(treeRss(options.appPid)) });
  }
  const totalErrors = rounds.flatMap((r) => r.routes).reduce((s, r) => s + r.errors + r.non2xx, 0);
  return {
    connections,
    durationS,
    rounds,
    totalErrors,
    growthBetweenRoundsMb: Math.round(((rounds.at(-1)?.rssAfterMb ?? 0) - (rounds[0]?.rssAfterMb ?? 0)) * 10) / 10,
  };
}

export function loadMarkdown(r: LoadResult): string {
  const lines = [
    `autocannon, ${r.connections} connections, ${r.durationS} s per route, ${r.rounds.length} rounds back to back, signed in as the demo viewer.`,
    "",
    "| round | route | requests | req/s | p50 ms | p99 ms | max ms | errors | non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...r.rounds.flatMap((round, i) =>
      round.routes.map((x) => `| ${i + 1} | ${x.route} | ${x.requests.toLocaleString("en")} | ${x.reqPerSec} | ${x.p50Ms} | ${x.p99Ms} | ${x.maxMs} | ${x.errors} | ${x.non2xx} |`),
    ),
    "",
    "| round | app RSS before | peak | after |",
    "|---|---:|---:|---:|",
    ...r.rounds.map((round, i) => `| ${i + 1} | ${round.rssBeforeMb} MB | ${round.rssPeakMb} MB | ${round.rssAfterMb} MB |`),
    "",
    `Errors in total: ${r.totalErrors} (target 0) ${r.totalErrors === 0 ? "✓" : "✗"}. ` +
      `Memory growth between the rounds (RSS after round ${r.rounds.length} − after round 1): ${r.growthBetweenRoundsMb} MB.`,
  ];
  return lines.join("\n");
}


async function main(): Promise<void> {
  await waitForQuietMachine();
  holdMachineSlot("bench/load.ts");
  const given = arg("app");
  const server = given ? undefined : await startBenchServer({ seedCount: Number(arg("seed-count") ?? 200_000) });
  try {
    const appUrl = given ?? server!.appUrl;
    const appPid = Number(arg("pid") ?? server?.appPid ?? 0);
    if (!appPid) throw new Error("--pid <pid of next start> is needed with --app (for the memory figures)");
    const cookie = await signIn(appUrl, "viewer@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
    const result = await runLoad({
      appUrl,
      cookie,
      appPid,
      connections: Number(arg("connections") ?? 100),
      durationS: Number(arg("duration") ?? 30),
      rounds: Number(arg("rounds") ?? 2),
    });
    console.log(loadMarkdown(result));
    if (process.argv.includes("--json")) console.log(JSON.stringify(result));
  } finally {
    await server?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
