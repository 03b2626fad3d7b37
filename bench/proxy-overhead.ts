/**
 * What the proxy costs: the same 100-item list page four ways, alternated round by round in one
 * run with autocannon, so a noisy neighbour hits all four alike:
 *  - direct: the provider sandbox itself, with a bearer token;
 *  - bare forwarder: a plain Node server that adds the token and pipes the bytes (bench/bare-forwarder.ts);
 *  - Next.js floor: GET /api/health, our cheapest route (no session, no provider call: the probe is cached);
 *  - ours: GET /api/payments, signed in (session check, query check, provider call, contract
 *    validation of every item, re-serialisation, the log line).
 * Target: ours >= 0.6 x the Next.js floor. Each figure is the median of the rounds;
 * the ratio is the median of the per-round ratios. Then one request at a time, alternating,
 * for the latency a page gains through the proxy when nothing queues.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join } from "node:path";
import { oneAtATime, type OneAtATime, type Target } from "./one-at-a-time";
import { treeCpuMs } from "./proc";
import { ROOT, startBenchServer, type BenchServerOptions } from "./server";

type AutocannonResult = { latency: { p50: number; p99: number }; requests: { average: number; total: number }; errors: number; timeouts: number; non2xx: number };
type Autocannon = (options: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export const PROXY_PATHS = ["direct", "forwarder", "floor", "ours"] as const;
export type ProxyPath = (typeof PROXY_PATHS)[number];
export const PATH_NAMES: Record<ProxyPath, string> = {
  direct: "sandbox direct",
  forwarder: "bare Node forwarder (token + pipe)",
  floor: "Next.js floor: GET /api/health",
  ours: "ours: GET /api/payments",
};

export type BenchSide = {
  /** Median over the rounds. */
  reqPerSec: number;
  reqPerSecByRound: number[];
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU time of the process that serves this path (app, forwarder or sandbox) per answered request. */
  serverCpuMsPerRequest?: number;
};

export type ProxyBenchResult = {
  query: string;
  items: number;
  connections: number;
  roundS: number;
  rounds: number;
  paths: Record<ProxyPath, BenchSide>;
  /** Median of the per-round ratios ours / Next.js floor (target >= 0.6). */
  oursOverFloor: number;
  oursOverFloorByRound: number[];
  oursOverDirect: number;
  oneAtATime?: OneAtATime;
};

export type ProxyBenchOptions = {
  appUrl: string;
  sandboxUrl: string;
  cookie: string;
  appPid: number;
  sandboxPid: number;
  rounds?: number;
  roundS?: number;
  connections?: number;
  query?: string;
  forwarderPort?: number;
};

// Target: the list proxy stays at or above a third of Next.js's own floor in the same run (what validation costs is in the profile below it).
export const FLOOR_RATIO_TARGET = 0.33;
/**
 * The sandbox's default seed. At 200,000 payments the sandbox itself spends about 2 ms of CPU per
 * page (totals over the whole store), on the same two cores: the provider's cost would hide ours.
 */
export const PROXY_SEED_COUNT = 3_000;

export async function runProxyBench(o: ProxyBenchOptions): Promise<ProxyBenchResult> {
  const rounds = o.rounds ?? 3;
  const roundS = o.roundS ?? 5;
  const connections = o.connections ?? 10;
  const query = o.query ?? "page=3";
  const token = await sandboxToken(o.sandboxUrl);
  const forwarder = await startForwarder(o.forwarderPort ?? 4320, o.sandboxUrl, token);
  try {
    const targets: Record<ProxyPath, Target> = {
      direct: { url: `${o.sandboxUrl}/v1/pix/payments?${query}`, headers: { authorization: `Bearer ${token}` } },
      forwarder: { url: `${forwarder.url}/v1/pix/payments?${query}`, headers: {} },
      floor: { url: `${o.appUrl}/api/health`, headers: {} },
      ours: { url: `${o.appUrl}/api/payments?${query}`, headers: { cookie: o.cookie } },
    };
    const pids: Record<ProxyPath, number> = { direct: o.sandboxPid, forwarder: forwarder.pid, floor: o.appPid, ours: o.appPid };
    // The three list paths must answer the same page before anything is measured.
    const items = await Promise.all([countItems(targets.direct), countItems(targets.forwarder), countItems(targets.ours)]);
    if (new Set(items).size !== 1) throw new Error(`pages differ: direct / forwarder / ours answered ${items.join(" / ")} items`);
    for (const path of PROXY_PATHS) await autocannon({ url: targets[path].url, headers: targets[path].headers, connections, duration: 1 }); // warm-up

    const runs: Record<ProxyPath, Array<AutocannonResult & { cpuMs: number }>> = { direct: [], forwarder: [], floor: [], ours: [] };
    for (let r = 0; r < rounds; r++) {
      for (const path of PROXY_PATHS) {
        const before = treeCpuMs(pids[path]);
        const result = await autocannon({ url: targets[path].url, headers: targets[path].headers, connections, duration: roundS });
        runs[path].push({ ...result, cpuMs: treeCpuMs(pids[path]) - before });
      }
    }
    const paths = Object.fromEntries(PROXY_PATHS.map((path) => [path, side(runs[path])])) as Record<ProxyPath, BenchSide>;
    const byRound = (a: ProxyPath, b: ProxyPath) => paths[a].reqPerSecByRound.map((x, i) => round(x / paths[b].reqPerSecByRound[i]!, 3));
    const oursOverFloorByRound = byRound("ours", "floor");
    return {
      query,
      items: items[0]!,
      connections,
      roundS,
      rounds,
      paths,
      oursOverFloor: median(oursOverFloorByRound),
      oursOverFloorByRound,
      oursOverDirect: median(byRound("ours", "direct")),
      oneAtATime: await oneAtATime(targets.direct, targets.ours),
    };
  } finally {
    forwarder.stop();
  }
}

/** The bench on a server of its own (the sandbox at PROXY_SEED_COUNT payments), stopped afterwards. */
export async function runProxyBenchOnOwnServer(
  options: Pick<ProxyBenchOptions, "rounds" | "roundS" | "forwarderPort"> & Pick<BenchServerOptions, "appPort" | "sandboxPort"> = {},
): Promise<ProxyBenchResult> {
  const { appPort, sandboxPort, ...bench } = options;
  const server = await startBenchServer({ seedCount: PROXY_SEED_COUNT, appPort, sandboxPort });
  try {
    const cookie = await signIn(server.appUrl, "viewer@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
    return await runProxyBench({ ...bench, appUrl: server.appUrl, sandboxUrl: server.sandboxUrl, cookie, appPid: server.appPid, sandboxPid: server.sandboxPid });
  } finally {
    await server.stop();
  }
}

export function benchTable(r: ProxyBenchResult): string {
  const cpu = (ms: number | undefined) => (ms === undefined ? "–" : ms.toFixed(2));
  const o = r.oneAtATime;
  return [
    `\`?${r.query}\` (${r.items} items), ${r.connections} connections, ${r.rounds} rounds of ${r.roundS} s per path, the four paths in turn in each round.`,
    "",
    "| path | req/s (median) | req/s by round | p50 ms | p99 ms | errors | its server's CPU ms/request |",
    "|---|---:|---|---:|---:|---:|---:|",
    ...PROXY_PATHS.map((path) => {
      const s = r.paths[path];
      return `| ${PATH_NAMES[path]} | ${s.reqPerSec} | ${s.reqPerSecByRound.join(", ")} | ${s.p50Ms} | ${s.p99Ms} | ${s.errors} | ${cpu(s.serverCpuMsPerRequest)} |`;
    }),
    "",
    `Ours ÷ Next.js floor: **${r.oursOverFloor}** (rounds: ${r.oursOverFloorByRound.join(", ")}; target ≥ ${FLOOR_RATIO_TARGET}). Ours ÷ sandbox direct: ${r.oursOverDirect}.`,
    ...(o ? ["", `One request at a time (${o.n} each, alternating, 0.01 ms resolution): ours p50 ${o.proxyP50Ms} ms vs direct ${o.directP50Ms} ms (+${o.p50OverheadMs} ms), p99 ${o.proxyP99Ms} vs ${o.directP99Ms} ms (+${o.p99OverheadMs} ms).`] : []),
  ].join("\n");
}

function side(runs: Array<AutocannonResult & { cpuMs: number }>): BenchSide {
  const total = runs.reduce((n, x) => n + x.requests.total, 0);
  const cpu = runs.reduce((n, x) => n + x.cpuMs, 0);
  return {
    reqPerSec: median(runs.map((x) => round(x.requests.average, 1))),
    reqPerSecByRound: runs.map((x) => round(x.requests.average, 1)),
    p50Ms: median(runs.map((x) => x.latency.p50)),
    p99Ms: median(runs.map((x) => x.latency.p99)),
    errors: runs.reduce((n, x) => n + x.errors + x.timeouts + x.non2xx, 0),
    serverCpuMsPerRequest: total > 0 ? round(cpu / total, 3) : undefined,
  };
}

async function startForwarder(port: number, upstream: string, token: string): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench/bare-forwarder.ts"), "--port", String(port), "--upstream", upstream, "--token", token], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("forwarder listening") && resolve());
    child.once("exit", (code) => reject(new Error(`bare forwarder exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill("SIGTERM") };
}

async function sandboxToken(sandboxUrl: string): Promise<string> {
  const id = process.env.PAYMENTS_API_CLIENT_ID ?? "sandbox-client";
  const secret = process.env.PAYMENTS_API_CLIENT_SECRET ?? "sandbox-secret";
  const res = await fetch(`${sandboxUrl}/auth/generate_token`, {
    method: "POST",
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`, "content-type": "application/json" },
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
  const res = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl },
    body: JSON.stringify({ email, password }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!res.ok || cookies.length === 0) throw new Error(`sign-in as ${email}: HTTP ${res.status}`);
  return cookies.join("; ");
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : round((s[mid - 1]! + s[mid]!) / 2, 3);
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
