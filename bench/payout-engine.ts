/**
 * Payout engine benchmark, in one process with the react-server condition (the engine's modules
 * are server-only) on an in-memory PGlite store and the sandbox in its own process, every
 * provider call held 20 ms (the sandbox's "delay" fault), as a remote provider would:
 *
 *   provider    the provider's own rate as the limit: submitPayment straight, 20 at a time
 *   queue       the same number of requests through the queue (created, queued, claimed, sent,
 *               settled, each step in the store): submissions per second and the ratio
 *   batch       a 5,000-row file: read and validated, stored, submitted (5,000 requests), then sent
 *               at the configured pace; memory sampled while it runs (flat = it does not grow with rows)
 *
 *   npx tsx bench/payout-engine.ts [--requests 200] [--batch-rows 5000] [--rate 50] [--latency-ms 20]
 *
 * Writes bench/results/payout-engine.json and prints a Markdown table. Reports, never fails.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchSandboxCommand } from "./sandbox-process";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

export type PayoutBenchResult = {
  at: string;
  latencyMs: number;
  provider: { requests: number; concurrency: number; seconds: number; perSecond: number };
  queue: { requests: number; workers: number; batchSize: number; seconds: number; perSecond: number; ratioToProvider: number; payments: number };
  batch: {
    rows: number;
    readAndValidateMs: number;
    storeMs: number;
    submitMs: number;
    ratePerSecond: number;
    sendSeconds: number;
    achievedPerSecond: number;
    registered: number;
    memory: Array<{ sentShare: number; rssMb: number; heapMb: number }>;
  };
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

async function startSandboxProcess(port: number): Promise<ChildProcess> {
  const run = await benchSandboxCommand();
  const child = spawn(run.command, run.args, {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_STORE: "memory", SANDBOX_SEED_COUNT: "500", PAYMENTS_API_CLIENT_ID: "bench", PAYMENTS_API_CLIENT_SECRET: "bench-secret", SANDBOX_CLOCK_STEP_MS: "3600000", SANDBOX_BALANCE_CENTS: String(10_000_000_000_000) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
    child.once("exit", () => reject(new Error("sandbox exited")));
  });
  return child;
}

async function control(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
}

async function run(): Promise<PayoutBenchResult> {
  const requests = arg("requests", 200);
  const batchRows = arg("batch-rows", 5_000);
  const rate = arg("rate", 50);
  const latencyMs = arg("latency-ms", 20);
  const port = await freePort();
  const sandbox = await startSandboxProcess(port);
  const url = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    PAYMENTS_API_URL: url,
    PAYMENTS_API_CLIENT_ID: "bench",
    PAYMENTS_API_CLIENT_SECRET: "bench-secret",
    PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer bench",
    AUTH_SECRET: "bench-auth-secret-bench-auth-secret-0001",
    LOG_LEVEL: "silent",
    BATCH_RATE_PER_SECOND: String(rate),
  });
  try {
    await control(url, "/_control/faults", { path: "/v1/*", fault: "delay", delayMs: latencyMs, times: 1_000_000 });
    const { createDb } = await import("@/lib/db/client");
    const { postPayment } = await import("@/lib/payments-api/submit");
    const { startTransferQueue } = await import("@/lib/transfers/queue");
    const { getTransferRow } = await import("@/lib/transfers/store");
    const { createRequest, transferOf } = await import("@/lib/transfers/testing/fixtures");
    const { isEngineDone } = await import("@/lib/transfers/states");
    const { uploadBatch, getBatchSummary } = await import("@/lib/batches/store");
    const { submitBatch } = await import("@/lib/batches/service");
    const { batchCsvBytes, generateBatchCells } = await import("@/lib/batches/fixtures/generate");
    const { parseBatchFile } = await import("@/lib/batches/parse");
    const { validateBatchRows } = await import("@/lib/batches/validate");
    const pLimit = (await import("p-limit")).default;
    const maker = { id: "bench", email: "bench@example.com" };
    const stamp = Date.now().toString(36);

    // The provider's own rate: 20 submissions in flight, nothing else.
    const limit = pLimit(20);
    let t = performance.now();
    await Promise.all(Array.from({ length: requests }, (_, i) => limit(() => postPayment(transferOf(`bench-direct-${stamp}-${i}`, 1_000 + i)))));
    const providerSeconds = (performance.now() - t) / 1000;

    // The same through the queue.
    const store = await createDb({ memory: true });
    const settings = {
      maxAttempts: 5,
      retryBaseMs: 200,
      leaseMs: 60_000,
      settleHorizonMs: 600_000,
      sendAuthorized: true,
      batchSize: 10,
      workers: 2,
      reconcileCron: null,
      pollingIntervalSeconds: 0.5,
    };
    const queue = await startTransferQueue(store, settings);
    const ids: string[] = [];
    for (let i = 0; i < requests; i++) {
      const transfer = await createRequest(store.db, transferOf(`bench-queue-${stamp}-${i}`, 2_000 + i), 0, maker);
      ids.push(transfer.id);
    }
    t = performance.now();
    await queue.enqueueMany(ids.map((id) => ({ id, startAfter: new Date() })));
    const registered = async () => (await Promise.all(ids.map((id) => getTransferRow(store.db, id)))).filter((r) => r && isEngineDone(r.state as never)).length;
    while ((await registered()) < requests) await new Promise((r) => setTimeout(r, 100));
    const queueSeconds = (performance.now() - t) / 1000;

    // A 5,000-row batch.
    const bytes = batchCsvBytes(generateBatchCells(batchRows, 5));
    t = performance.now();
    const reading = await parseBatchFile(bytes, { contentType: "text/csv" });
    if (!reading.ok) throw new Error("the generated file was refused");
    await validateBatchRows(reading.rows, { batchId: "bench", isIdUsed: async () => new Set() });
    const readAndValidateMs = performance.now() - t;
    t = performance.now();
    const uploaded = await uploadBatch(store.db, { bytes, fileName: "bench.csv", contentType: "text/csv", maker, ip: null, allowDuplicate: true });
    if (!uploaded.ok) throw new Error("upload refused");
    const storeMs = performance.now() - t;
    t = performance.now();
    global.gc?.();
    await submitBatch(store.db, queue, uploaded.batch.id, maker, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 }, { ratePerSecond: rate });
    const submitMs = performance.now() - t;
    const sendStart = performance.now();
    const memory: PayoutBenchResult["batch"]["memory"] = [];
    let nextShare = 0;
    let done = 0;
    for (;;) {
      const progress = (await getBatchSummary(store.db, uploaded.batch.id))?.progress ?? {};
      done = (progress.registered ?? 0) + (progress.paid ?? 0) + (progress.provider_canceled ?? 0);
      // A refused or failed row is settled too: the run ends when every row is, whatever became of it.
      const settled = done + (progress.refused ?? 0) + (progress.failed ?? 0);
      const share = done / uploaded.batch.valid;
      if (share >= nextShare) {
        const m = process.memoryUsage();
        memory.push({ sentShare: Math.round(share * 100) / 100, rssMb: Math.round(m.rss / 1e5) / 10, heapMb: Math.round(m.heapUsed / 1e5) / 10 });
        nextShare += 0.25;
      }
      if (settled >= uploaded.batch.valid) break;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const sendSeconds = (performance.now() - sendStart) / 1000;
    await queue.stop();
    await store.close();
    return {
      at: new Date().toISOString(),
      latencyMs,
      provider: { requests, concurrency: 20, seconds: round(providerSeconds), perSecond: round(requests / providerSeconds) },
      queue: {
        requests,
        workers: settings.workers,
        batchSize: settings.batchSize,
        seconds: round(queueSeconds),
        perSecond: round(requests / queueSeconds),
        ratioToProvider: round(providerSeconds / queueSeconds),
        payments: requests,
      },
      batch: {
        rows: batchRows,
        readAndValidateMs: round(readAndValidateMs),
        storeMs: round(storeMs),
        submitMs: round(submitMs),
        ratePerSecond: rate,
        sendSeconds: round(sendSeconds),
        achievedPerSecond: round(done / sendSeconds),
        registered: done,
        memory,
      },
    };
  } finally {
    sandbox.kill("SIGTERM");
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export function payoutMarkdown(r: PayoutBenchResult): string {
  const mem = r.batch.memory.map((m) => `${Math.round(m.sentShare * 100)}%: RSS ${m.rssMb} MB, heap ${m.heapMb} MB`).join("; ");
  return [
    `| payout engine (${r.latencyMs} ms per provider call) | figure |`,
    "|---|---|",
    `| provider's own rate, 20 in flight, ${r.provider.requests} payments | ${r.provider.perSecond}/s (${r.provider.seconds} s) |`,
    `| through the queue (${r.queue.workers} workers x ${r.queue.batchSize}), ${r.queue.requests} requests | ${r.queue.perSecond}/s (${r.queue.seconds} s), ${r.queue.ratioToProvider}x the provider's rate |`,
    `| ${r.batch.rows}-row file read and validated | ${r.batch.readAndValidateMs} ms |`,
    `| stored (batch + rows) / submitted (${r.batch.rows} requests created) | ${r.batch.storeMs} ms / ${r.batch.submitMs} ms |`,
    `| sent at ${r.batch.ratePerSecond}/s | ${r.batch.registered} registered in ${r.batch.sendSeconds} s (${r.batch.achievedPerSecond}/s) |`,
    `| memory while sending | ${mem} |`,
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  run()
    .then(async (result) => {
      await mkdir(join(ROOT, "bench", "results"), { recursive: true });
      await writeFile(join(ROOT, "bench", "results", "payout-engine.json"), `${JSON.stringify(result, null, 2)}\n`);
      console.log(process.argv.includes("--json") ? JSON.stringify(result) : payoutMarkdown(result));
    })
    .catch((err: unknown) => {
      console.error("[payout-engine] failed:", err);
    })
    .finally(() => process.exit(0));
}

/** From `npm run bench` (no react-server condition there): this file in a child process that has it. */
export async function runPayoutBench(args: string[] = []): Promise<PayoutBenchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--expose-gc", "--import", "tsx", fileURLToPath(import.meta.url), "--json", ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", () => {
      const line = out.trim().split("\n").at(-1) ?? "";
      try {
        resolve(JSON.parse(line) as PayoutBenchResult);
      } catch {
        reject(new Error(`payout bench gave no result: ${out.slice(-500)}`));
      }
    });
  });
}
