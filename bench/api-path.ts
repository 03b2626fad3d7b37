/**
 * The API path at the queue's pace (issue 47): one maker (the demo operator, signed in) posts
 * `--requests` transfers through POST /api/transfers from `--clients` concurrent clients to the
 * production build, each to a destination of its own under the approval tier (so each goes out at
 * once), and the run is timed until every one is created, then until every one is registered or
 * final (created, queued, read back, sent, settled). Beside it, in the same run and against the
 * same sandbox (every provider call held `--latency-ms`, as a remote provider would), the
 * provider's own rate: the same number of POSTs straight to it, as many in flight as clients.
 *
 *   npm run bench -- --api-path [--engine pglite|postgresql|both] [--requests 300] [--clients 10] [--latency-ms 20] [--cpu-profile DIR]
 *
 * PostgreSQL needs TEST_DATABASE_URL (a scratch database is made and dropped). Needs `next build`
 * first (npm run bench builds; this runs on the last build). Writes bench/results/api-path.json and
 * the "The API path" section of docs/BENCHMARKS.md.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pLimit from "p-limit";
import { cpfCheckDigits } from "../lib/pix/cpf";
import { loadAverage } from "./proc";
import { control, scratchDatabase } from "./payout-support";
import { signIn } from "./proxy-overhead";
import { ROOT, startBenchServer } from "./server";
import { spliceSection } from "./store-scale";

export type ApiPathRun = {
  engine: string;
  requests: number;
  clients: number;
  providerPerSecond: number;
  createdSeconds: number;
  createdPerSecond: number;
  doneSeconds: number;
  donePerSecond: number;
  ratio: number;
  postP50Ms: number;
  postP95Ms: number;
  notCreated: number;
  /** The server's floor: the same POSTs refused by the body's check (signed in, parsed, answered 422; no store write), per second. */
  refusedPerSecond: number;
};

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const DONE = ["registered", "paid", "provider_canceled", "refused", "failed", "rejected", "canceled", "expired"];

function benchCpf(i: number): string {
  const base = String(200_000_000 + i).slice(-9);
  return base + cpfCheckDigits(base);
}

type ApiPathOptions = { requests: number; clients: number; latencyMs: number; cpuProfileDir?: string };

async function oneEngine(engine: "pglite" | "postgresql", o: ApiPathOptions): Promise<ApiPathRun> {
  const scratch = engine === "postgresql" ? await scratchDatabase(process.env.TEST_DATABASE_URL!) : null;
  const server = await startBenchServer({
    seedCount: 500,
    dataDir: ".data/bench-api-path",
    ...(o.cpuProfileDir ? { cpuProfileDir: join(o.cpuProfileDir, engine) } : {}),
    ...(scratch ? { databaseUrl: scratch.url } : {}),
    appEnv: { LOG_LEVEL: "warn" },
  });
  try {
    await control(server.sandboxUrl, "/_control/faults", { path: "/v1/*", fault: "delay", delayMs: o.latencyMs, times: 1_000_000 });
    const stamp = Date.now().toString(36);
    const body = (tag: string, i: number) => ({
      idempotent_id: `api-${tag}-${stamp}-${i}`,
      value_cents: 2_000 + i,
      initiation_type: "dict",
      receiver_name: `Recebedor ${tag} ${stamp} ${i}`,
      receiver_document: benchCpf(i + ({ direct: 50_000, warm: 90_000 }[tag] ?? 0)),
      pix_key_type: "email",
      pix_key: `api-${tag}-${stamp}-${i}@bench.test`,
    });

    // The provider's own rate, straight (lib/payments-api, as the app calls it).
    Object.assign(process.env, {
      PAYMENTS_API_URL: server.sandboxUrl,
      PAYMENTS_API_CLIENT_ID: "sandbox-client",
      PAYMENTS_API_CLIENT_SECRET: process.env.PAYMENTS_API_CLIENT_SECRET ?? "sandbox-secret",
      PAYMENTS_WEBHOOK_AUTHORIZATION: process.env.PAYMENTS_WEBHOOK_AUTHORIZATION ?? "Bearer bench-webhook",
      AUTH_SECRET: process.env.AUTH_SECRET ?? "bench-auth-secret-bench-auth-secret-0001",
    });
    const { postPayment } = await import("@/lib/payments-api/submit");
    const direct = pLimit(o.clients);
    let t = performance.now();
    await Promise.all(Array.from({ length: o.requests }, (_, i) => direct(() => postPayment(body("direct", i) as never))));
    const providerPerSecond = o.requests / ((performance.now() - t) / 1000);

    // The API path: one maker, `clients` at a time.
    const cookie = await signIn(server.appUrl, "operator@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
    const headers = { cookie, origin: server.appUrl, "content-type": "application/json" };
    // Warm-up, not timed: the route's modules load on its first requests, once per server.
    for (let i = 0; i < 10; i++) await (await fetch(`${server.appUrl}/api/transfers`, { method: "POST", headers, body: JSON.stringify(body("warm", i)) })).arrayBuffer();
    const limit = pLimit(o.clients);
    // The floor: what the server does for any POST (session, body read and checked, a 422 answer), with nothing stored.
    t = performance.now();
    await Promise.all(
      Array.from({ length: o.requests }, (_, i) =>
        limit(async () => {
          const res = await fetch(`${server.appUrl}/api/transfers`, { method: "POST", headers, body: JSON.stringify({ ...body("floor", i), value_cents: -1 }) });
          if (res.status !== 422) throw new Error(`a refused POST answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
          await res.arrayBuffer();
        }),
      ),
    );
    const refusedPerSecond = o.requests / ((performance.now() - t) / 1000);
    const latencies: number[] = [];
    let notCreated = 0;
    t = performance.now();
    await Promise.all(
      Array.from({ length: o.requests }, (_, i) =>
        limit(async () => {
          const started = performance.now();
          const res = await fetch(`${server.appUrl}/api/transfers`, { method: "POST", headers, body: JSON.stringify(body("api", i)) });
          latencies.push(performance.now() - started);
          if (res.status !== 201) {
            notCreated += 1;
            if (notCreated <= 3) console.error(`[api-path] POST answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
          } else await res.arrayBuffer();
        }),
      ),
    );
    const createdSeconds = (performance.now() - t) / 1000;
    const countDone = async () => {
      const q = new URLSearchParams({ receiver: `Recebedor api ${stamp}`, state: DONE.join(",") });
      const res = await fetch(`${server.appUrl}/api/transfers?${q}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET /api/transfers: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { meta: { total: number } }).meta.total;
    };
    const deadline = performance.now() + 300_000;
    while ((await countDone()) < o.requests - notCreated && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const doneSeconds = (performance.now() - t) / 1000;
    latencies.sort((a, b) => a - b);
    const donePerSecond = o.requests / doneSeconds;
    return {
      engine,
      requests: o.requests,
      clients: o.clients,
      providerPerSecond: round(providerPerSecond),
      createdSeconds: round(createdSeconds),
      createdPerSecond: round(o.requests / createdSeconds),
      doneSeconds: round(doneSeconds),
      donePerSecond: round(donePerSecond),
      ratio: round(donePerSecond / providerPerSecond, 3),
      postP50Ms: round(latencies[Math.floor(latencies.length / 2)] ?? 0, 1),
      postP95Ms: round(latencies[Math.floor(latencies.length * 0.95)] ?? 0, 1),
      notCreated,
      refusedPerSecond: round(refusedPerSecond),
    };
  } finally {
    await server.stop();
    await scratch?.drop();
  }
}

export type ApiPathResult = { at: string; latencyMs: number; loadBefore: number[]; loadAfter: number[]; runs: ApiPathRun[] };

const RESULT = join(ROOT, "bench", "results", "api-path.json");
const SECTION = "## The API path";

/** The last recorded run (for the full report). */
export function lastApiPath(): ApiPathResult | undefined {
  if (!existsSync(RESULT)) return undefined;
  try {
    return JSON.parse(readFileSync(RESULT, "utf8")) as ApiPathResult;
  } catch {
    return undefined;
  }
}

export function apiPathMarkdown(r: ApiPathResult): string {
  return [
    SECTION,
    "",
    `Recorded ${r.at.replace("T", " ").slice(0, 16)} UTC with \`npm run bench -- --api-path\` (bench/api-path.ts): one maker (the demo`,
    `operator) posts transfers through POST /api/transfers from concurrent clients to the production build, each to a destination of`,
    `its own under the approval tier, until every one is registered; beside it, against the same sandbox (every provider call held`,
    `${r.latencyMs} ms), the same number of POSTs straight to the provider, as many in flight. Target: end to end ≥ 0.5 of the provider.`,
    `The floor: the same number of POSTs from as many clients, each refused by the body's check (the session read, the body read and`,
    `checked, a 422 answered, nothing stored), the most POSTs per second this server answers on this machine whatever a transfer costs.`,
    `Load average ${r.loadBefore.join(" / ")} before, ${r.loadAfter.join(" / ")} after.`,
    "",
    "| store | POSTs (clients) | created: s, per s | created, sent and registered: s, per s | provider's own rate (same run) | end to end ÷ provider | POST p50 / p95 | refused | floor: POSTs refused by the body's check, per s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...r.runs.map(
      (r) =>
        `| ${r.engine} | ${r.requests} (${r.clients}) | ${r.createdSeconds} s, ${r.createdPerSecond}/s | ${r.doneSeconds} s, ${r.donePerSecond}/s | ${r.providerPerSecond}/s | ${r.ratio} ${r.ratio >= 0.5 ? "✓" : "✗"} | ${r.postP50Ms} / ${r.postP95Ms} ms | ${r.notCreated} | ${r.refusedPerSecond ?? "–"}/s |`,
    ),
  ].join("\n");
}

export async function runApiPathBench(): Promise<string> {
  const profile = arg("cpu-profile", "");
  const o: ApiPathOptions = {
    requests: Number(arg("requests", "300")),
    clients: Number(arg("clients", "10")),
    latencyMs: Number(arg("latency-ms", "20")),
    ...(profile ? { cpuProfileDir: profile } : {}),
  };
  const which = arg("engine", process.env.TEST_DATABASE_URL ? "both" : "pglite");
  const engines = (which === "both" ? ["pglite", "postgresql"] : [which]) as Array<"pglite" | "postgresql">;
  const before = loadAverage();
  const runs: ApiPathRun[] = [];
  for (const engine of engines) runs.push(await oneEngine(engine, o));
  const result: ApiPathResult = { at: new Date().toISOString(), latencyMs: o.latencyMs, loadBefore: before, loadAfter: loadAverage(), runs };
  await mkdir(join(ROOT, "bench", "results"), { recursive: true });
  await writeFile(RESULT, `${JSON.stringify(result, null, 2)}\n`);
  const markdown = apiPathMarkdown(result);
  const doc = join(ROOT, "docs", "BENCHMARKS.md");
  await writeFile(doc, spliceSection(existsSync(doc) ? readFileSync(doc, "utf8") : "", markdown, SECTION));
  return markdown;
}
