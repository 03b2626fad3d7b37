/**
 * Proxy overhead: the same 100-item list page fetched through the back office's
 * GET /api/payments (session cookie, our token cache, zod parse, re-serialisation) and straight
 * from the provider sandbox (bearer token), with autocannon, one after the other in one run.
 *
 *   tsx bench/proxy-overhead.ts --app http://localhost:3000 --sandbox http://127.0.0.1:4010 \
 *     [--cookie "pix.session_token=..."] [--email viewer@demo.test --password demo-password] \
 *     [--duration 10] [--connections 10] [--query "page=1"]
 *
 * Without --cookie it signs in with --email/--password (default: the sandbox demo viewer).
 * Prints a Markdown table. Target: proxy throughput >= 0.85 x direct, p50 overhead < 2 ms.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { oneAtATime, type OneAtATime, type Target } from "./one-at-a-time";
import { treeCpuMs } from "./proc";
import { arg, argOr } from "./cli";

type Histogram = { average: number; p50: number; p99: number; total?: number };
type AutocannonResult = {
  latency: Histogram;
  requests: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
};
type AutocannonOptions = { url: string; connections: number; duration: number; headers: Record<string, string>; overallRate?: number };
type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;


export type BenchSide = {
  p50Ms: number;
  p99Ms: number;
  reqPerSec: number;
  errors: number;
  non2xx: number;
  /** CPU time the app / the sandbox process used per answered request (needs their pids). */
  appCpuMsPerRequest?: number;
  sandboxCpuMsPerRequest?: number;
};
export type ProxyBenchResult = {
  query: string;
  items: number;
  durationS: number;
  connections: number;
  direct: BenchSide;
  proxy: BenchSide;
  /** GET /api/health: the app's floor (Next.js pipeline + proxy.ts, no session, no upstream). */
  appFloor: BenchSide;
  throughputRatio: number;
  p50OverheadMs: number;
  p99OverheadMs: number;
  /**
   * The same two paths at a fixed rate far below either's capacity: the latency a request gains
   * through the proxy when nothing queues (the saturated figures above also count the CPU the
   * app, the sandbox and the load generator take from each other on this machine).
   */
  unsaturated?: { ratePerSec: number; direct: BenchSide; proxy: BenchSide; p50OverheadMs: number; p99OverheadMs: number };
  /** One request at a time, alternating, timed to 0.01 ms. */
  oneAtATime?: OneAtATime;
};

export type ProxyBenchOptions = {
  appUrl: string;
  sandboxUrl: string;
  cookie: string;
  clientId?: string;
  clientSecret?: string;
  durationS?: number;
  connections?: number;
  query?: string;
  /** With the pids, each side also reports the CPU time each process spent per request. */
  appPid?: number;
  sandboxPid?: number;
};

export async function runProxyBench(options: ProxyBenchOptions): Promise<ProxyBenchResult> {
  const durationS = options.durationS ?? 10;
  const connections = options.connections ?? 10;
  const query = options.query ?? "page=1";
  const token = await sandboxToken(options);
  const direct: Target = { url: `${trim(options.sandboxUrl)}/v1/pix/payments?${query}`, headers: { authorization: `Bearer ${token}` } };
  const proxied: Target = { url: `${trim(options.appUrl)}/api/payments?${query}`, headers: { cookie: options.cookie } };
  // Both must answer the same page before anything is measured.
  const [directItems, proxyItems] = [await countItems(direct), await countItems(proxied)];
  if (directItems !== proxyItems) throw new Error(`pages differ: direct ${directItems} items, proxy ${proxyItems}`);
  const run = (target: Target, duration: number, overallRate?: number) =>
    autocannon({ url: target.url, headers: target.headers, connections: overallRate ? 4 : connections, duration, overallRate });
  const measured = async (target: Target, duration: number, overallRate?: number): Promise<BenchSide> => {
    const cpu = () => ({ app: options.appPid ? treeCpuMs(options.appPid) : NaN, sandbox: options.sandboxPid ? treeCpuMs(options.sandboxPid) : NaN });
    const before = cpu();
    const result = await run(target, duration, overallRate);
    const after = cpu();
    const total = result.requests.total ?? result.requests.average * result.duration;
    const perRequest = (ms: number) => (Number.isFinite(ms) && total > 0 ? round(ms / total, 2) : undefined);
    return { ...side(result), appCpuMsPerRequest: perRequest(after.app - before.app), sandboxCpuMsPerRequest: perRequest(after.sandbox - before.sandbox) };
  };
  const floor: Target = { url: `${trim(options.appUrl)}/api/health`, headers: {} };
  await run(direct, 1); // warm-up: JIT, keep-alive pools, the app's token cache
  await run(proxied, 1);
  const directSide = await measured(direct, durationS);
  const proxySide = await measured(proxied, durationS);
  const floorSide = await measured(floor, Math.max(1, Math.round(durationS / 2)));
  const ratePerSec = UNSATURATED_RATE;
  const slowDirect = await measured(direct, durationS, ratePerSec);
  const slowProxy = await measured(proxied, durationS, ratePerSec);
  const sequential = await oneAtATime(direct, proxied);
  return {
    query,
    items: directItems,
    durationS,
    connections,
    direct: directSide,
    proxy: proxySide,
    appFloor: floorSide,
    throughputRatio: round(proxySide.reqPerSec / directSide.reqPerSec, 3),
    p50OverheadMs: round(proxySide.p50Ms - directSide.p50Ms, 2),
    p99OverheadMs: round(proxySide.p99Ms - directSide.p99Ms, 2),
    unsaturated: {
      ratePerSec,
      direct: slowDirect,
      proxy: slowProxy,
      p50OverheadMs: round(slowProxy.p50Ms - slowDirect.p50Ms, 2),
      p99OverheadMs: round(slowProxy.p99Ms - slowDirect.p99Ms, 2),
    },
    oneAtATime: sequential,
  };
}

/** Requests per second for the unsaturated pair: a busy finance team, far below capacity. */
const UNSATURATED_RATE = 50;

export function benchTable(r: ProxyBenchResult): string {
  const cpu = (ms: number | undefined) => (ms === undefined ? "–" : `${ms}`);
  const row = (name: string, s: BenchSide) =>
    `| ${name} | ${s.p50Ms} | ${s.p99Ms} | ${s.reqPerSec} | ${s.errors + s.non2xx} | ${cpu(s.appCpuMsPerRequest)} | ${cpu(s.sandboxCpuMsPerRequest)} |`;
  return [
    `Proxy overhead: \`?${r.query}\` (${r.items} items), ${r.connections} connections, ${r.durationS} s each`,
    "",
    "| path | p50 ms | p99 ms | req/s | errors | app CPU ms/request | sandbox CPU ms/request |",
    "|---|---:|---:|---:|---:|---:|---:|",
    row("sandbox direct", r.direct),
    row("through /api/payments", r.proxy),
    row("app floor: /api/health (no session, no upstream)", r.appFloor),
    ...(r.unsaturated
      ? [
          row(`sandbox direct, fixed ${r.unsaturated.ratePerSec} req/s`, r.unsaturated.direct),
          row(`through /api/payments, fixed ${r.unsaturated.ratePerSec} req/s`, r.unsaturated.proxy),
        ]
      : []),
    "",
    `Throughput ratio ${r.throughputRatio} (target >= 0.85); p50 overhead ${r.p50OverheadMs} ms (target < 2 ms); p99 overhead ${r.p99OverheadMs} ms.`,
    ...(r.unsaturated
      ? [`At a fixed ${r.unsaturated.ratePerSec} req/s (nothing queues): p50 overhead ${r.unsaturated.p50OverheadMs} ms, p99 overhead ${r.unsaturated.p99OverheadMs} ms.`]
      : []),
    ...(r.oneAtATime
      ? [`One request at a time (${r.oneAtATime.n} each, alternating, 0.01 ms resolution): p50 ${r.oneAtATime.proxyP50Ms} vs ${r.oneAtATime.directP50Ms} ms (overhead ${r.oneAtATime.p50OverheadMs} ms), p99 ${r.oneAtATime.proxyP99Ms} vs ${r.oneAtATime.directP99Ms} ms (overhead ${r.oneAtATime.p99OverheadMs} ms).`]
      : []),
  ].join("\n");
}

async function sandboxToken(o: ProxyBenchOptions): Promise<string> {
  const basic = Buffer.from(`${o.clientId ?? "sandbox-client"}:${o.clientSecret ?? "sandbox-secret"}`).toString("base64");
  const res = await fetch(`${trim(o.sandboxUrl)}/auth/generate_token`, {
    method: "POST",
    headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "client_credentials" }),
  });
  if (!res.ok) throw new Error(`sandbox token: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function countItems(target: Target): Promise<number> {
  const res = await fetch(target.url, { headers: target.headers });
  if (res.status !== 200) throw new Error(`${target.url}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { payments: unknown[] }).payments.length;
}

/** Signs in through the app's auth endpoint and returns the session cookie. */
export async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${trim(appUrl)}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: trim(appUrl) },
    body: JSON.stringify({ email, password }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!res.ok || cookies.length === 0) throw new Error(`sign-in as ${email}: HTTP ${res.status}`);
  return cookies.join("; ");
}

function side(r: AutocannonResult): BenchSide {
  return {
    p50Ms: round(r.latency.p50, 2),
    p99Ms: round(r.latency.p99, 2),
    reqPerSec: round(r.requests.average, 1),
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const trim = (url: string) => url.replace(/\/+$/, "");
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;


async function main(): Promise<void> {
  const appUrl = argOr("app", process.env.APP_URL ?? "http://localhost:3000");
  const sandboxUrl = argOr("sandbox", process.env.PAYMENTS_API_URL ?? "http://127.0.0.1:4010");
  const cookie =
    (arg("cookie") ?? process.env.BENCH_COOKIE) ??
    (await signIn(appUrl, argOr("email", "viewer@demo.test"), argOr("password", process.env.DEMO_PASSWORD ?? "demo-password")));
  const result = await runProxyBench({
    appUrl,
    sandboxUrl,
    cookie,
    clientId: process.env.PAYMENTS_API_CLIENT_ID,
    clientSecret: process.env.PAYMENTS_API_CLIENT_SECRET,
    durationS: Number(argOr("duration", "10")),
    connections: Number(argOr("connections", "10")),
    query: argOr("query", "page=1"),
  });
  console.log(benchTable(result));
  if (process.argv.includes("--json")) console.log(JSON.stringify(result));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
