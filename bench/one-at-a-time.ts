/**
 * Latency with nothing queued, at sub-millisecond resolution: one request at a time over a
 * kept-alive connection, alternating the two targets, timed with performance.now() from the
 * request's start to its body's last byte. autocannon's histograms count whole milliseconds,
 * too coarse for an overhead of 1-2 ms.
 */
import http from "node:http";

export type Target = { url: string; headers: Record<string, string> };
export type OneAtATime = { n: number; directP50Ms: number; proxyP50Ms: number; directP99Ms: number; proxyP99Ms: number; p50OverheadMs: number; p99OverheadMs: number };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(target.url, { agent, headers: target.headers }, (res) => {
      res.on("data", () => undefined);
      res.on("end", () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${target.url}: HTTP ${res.statusCode}`))));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const round = (n: number) => Math.round(n * 100) / 100;

export async function oneAtATime(direct: Target, proxied: Target, n = 300): Promise<OneAtATime> {
  for (let i = 0; i < 20; i += 1) await timedGet(i % 2 ? proxied : direct); // warm both paths
  const d: number[] = [];
  const p: number[] = [];
  for (let i = 0; i < n; i += 1) {
    d.push(await timedGet(direct));
    p.push(await timedGet(proxied));
  }
  d.sort((a, b) => a - b);
  p.sort((a, b) => a - b);
  const [d50, p50, d99, p99] = [percentile(d, 50), percentile(p, 50), percentile(d, 99), percentile(p, 99)];
  return { n, directP50Ms: round(d50), proxyP50Ms: round(p50), directP99Ms: round(d99), proxyP99Ms: round(p99), p50OverheadMs: round(p50 - d50), p99OverheadMs: round(p99 - d99) };
}
