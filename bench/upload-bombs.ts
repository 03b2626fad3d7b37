/**
 * What hostile uploads cost the production server: XLSX zip bombs (a sheet that says
 * 1,000 bytes and inflates to 1 GiB or 4.5 GiB) posted to POST /api/batches by an operator,
 * and a 450 MB chunked body (no Content-Length) posted to POST /api/auth/sign-in/email by
 * nobody and to POST /api/transfers by an operator. For each: the answer's status, the time
 * until it arrives, and the server's resident memory before and after (process tree, /proc).
 *
 *   npx tsx bench/upload-bombs.ts [--skip-build]
 *
 * Needs a production build (`next build`, run first unless --skip-build). Ports 3320 / 4330.
 * Writes bench/results/upload-bombs.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { xlsxBomb } from "../lib/batches/fixtures/zip-bomb";
import { sampleRss, treeRss } from "./proc";
import { signIn } from "./proxy-overhead";
import { nextBuild, ROOT, startBenchServer } from "./server";

const GIB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

type Figure = { case: string; status: number; ms: number; rssBeforeMb: number; rssPeakMb: number; rssAfterMb: number };

/** A body of `total` bytes sent in 64 KiB chunks as fast as the server takes them, with no declared length. */
function chunkedBody(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

async function measure(name: string, pid: number, send: () => Promise<Response>): Promise<Figure> {
  const rssBefore = treeRss(pid);
  const sampler = sampleRss(pid, 10);
  const started = performance.now();
  const res = await send();
  await res.arrayBuffer().catch(() => undefined);
  const ms = performance.now() - started;
  // Let the server finish whatever the request left behind before reading its memory again.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { peakBytes } = sampler.stop();
  return { case: name, status: res.status, ms: round(ms), rssBeforeMb: round(rssBefore / MB), rssPeakMb: round(peakBytes / MB), rssAfterMb: round(treeRss(pid) / MB) };
}

async function main(): Promise<void> {
  if (!process.argv.includes("--skip-build")) nextBuild();
  const server = await startBenchServer({ appPort: 3320, sandboxPort: 4330, seedCount: 100, dataDir: ".data/bench-bombs" });
  const figures: Figure[] = [];
  try {
    const app = server.appUrl;
    const cookie = await signIn(app, "operator@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
    const upload = (bytes: Uint8Array) => () =>
      fetch(`${app}/api/batches`, {
        method: "POST",
        headers: { cookie, origin: app, "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "x-file-name": "lote.xlsx" },
        body: bytes as BodyInit,
      });
    const chunked = (path: string, headers: Record<string, string> = {}) => () =>
      fetch(`${app}${path}`, {
        method: "POST",
        headers: { origin: app, "content-type": "application/json", ...headers },
        body: chunkedBody(450 * 1000 * 1000),
        duplex: "half",
      } as RequestInit).catch(() => new Response(null, { status: 0 }));

    figures.push(await measure("XLSX bomb, 1 GiB inflated (POST /api/batches)", server.appPid, upload(xlsxBomb(GIB))));
    figures.push(await measure("XLSX bomb, 4.5 GiB inflated (POST /api/batches)", server.appPid, upload(xlsxBomb(4.5 * GIB))));
    figures.push(await measure("450 MB chunked body, no session (POST /api/auth/sign-in/email)", server.appPid, chunked("/api/auth/sign-in/email")));
    figures.push(await measure("450 MB chunked body, operator (POST /api/transfers)", server.appPid, chunked("/api/transfers", { cookie })));
  } finally {
    await server.stop();
  }
  const out = join(ROOT, "bench", "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "upload-bombs.json"), `${JSON.stringify({ at: new Date().toISOString(), figures }, null, 2)}\n`);
  for (const f of figures) console.log(`${f.case}: HTTP ${f.status} in ${f.ms} ms; server RSS ${f.rssBeforeMb} MB before, ${f.rssPeakMb} MB peak, ${f.rssAfterMb} MB after`);
}

void main();
