/**
 * Payout engine benchmark. The sandbox runs in its own process and holds every provider call
 * 20 ms (its "delay" fault), as a remote provider would. Side by side in one run:
 *
 *   provider     the provider's own rate as the limit: postPayment straight, 20 at a time
 *   embedded     the same number of requests through the queue on the embedded store (PGlite,
 *                in this process): created, queued, claimed, read back, sent, settled, each
 *                step in the store; QUEUE_CONCURRENCY 20, as many in flight as the provider run
 *   postgresql   the same on PostgreSQL, the workers in an instance of their own (a child
 *                process, as a deployment runs them); then one and two such instances on the
 *                same database at a quarter of the concurrency each (the ratio of two to one,
 *                measured where the provider's own limit does not cap it)
 *   batch        a 5,000-row file: read and validated, stored, submitted, then sent at the
 *                configured pace (BATCH_RATE_PER_SECOND); the time against what that rate allows;
 *                memory sampled while it runs (flat = it does not grow with rows)
 *
 * The profile counts the store statements (and transactions) one submission takes on the
 * embedded store, queue included.
 *
 *   npx tsx --conditions=react-server bench/payout-engine.ts [--requests 400] [--batch-rows 5000] [--rate 50] [--latency-ms 20]
 *
 * PostgreSQL: TEST_DATABASE_URL (scripts/pg-test.sh); without it those rows say "not measured".
 * Writes bench/results/payout-engine.json and prints a Markdown table. Reports, never fails.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
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

/** In flight: the provider run's concurrency and every instance's QUEUE_CONCURRENCY. */
const IN_FLIGHT = 20;
/** Each instance's QUEUE_CONCURRENCY when one and two instances are compared (below the provider's limit). */
const SCALING_IN_FLIGHT = IN_FLIGHT / 4;

type Run = { seconds: number; perSecond: number };
/** A run through the queue: also the provider calls it made (a read-back before each POST: two per submission). */
type QueueRun = Run & { callsPerSubmission: number; callsPerSecond: number };
export type PayoutBenchResult = {
  at: string;
  latencyMs: number;
  inFlight: number;
  provider: Run & { requests: number };
  queue: {
    requests: number;
    embedded: QueueRun & { ratioToProvider: number; callsRatioToProvider: number; statementsPerSubmission: number; transactionsPerSubmission: number };
    postgresql: (QueueRun & { ratioToProvider: number; callsRatioToProvider: number }) | null;
    twoInstances: (QueueRun & { ratioToOne: number; oneInstance: QueueRun; inFlightEach: number }) | null;
  };
  batch: {
    rows: number;
    readAndValidateMs: number;
    storeMs: number;
    submitMs: number;
    ratePerSecond: number;
    sendSeconds: number;
    /** What the rate allows: rows / rate. */
    idealSeconds: number;
    ratioToIdeal: number;
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

async function control(url: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** With PAYOUT_STATEMENT_TIMES=1: milliseconds per statement text (the profile of a run, printed on stderr). */
const timed = new Map<string, number>();

/** Counts the statements and transactions sent to an embedded store (drizzle and the queue alike). */
function countStatements(pg: { query: (...a: never[]) => unknown; exec: (...a: never[]) => unknown; transaction: (fn: (tx: never) => unknown) => unknown }) {
  const counts = { statements: 0, transactions: 0 };
  const wrap = <T extends { query: (...a: never[]) => unknown; exec?: (...a: never[]) => unknown }>(target: T) => {
    const query = target.query.bind(target);
    target.query = ((...a: never[]) => {
      counts.statements += 1;
      if (!process.env.PAYOUT_STATEMENT_TIMES) return query(...a);
      const t = performance.now();
      const key = String(a[0] as unknown).replace(/\s+/g, " ").slice(0, 90);
      return (query(...a) as Promise<unknown>).finally(() => timed.set(key, (timed.get(key) ?? 0) + performance.now() - t));
    }) as T["query"];
    if (target.exec) {
      const exec = target.exec.bind(target);
      target.exec = ((...a: never[]) => {
        counts.statements += 1;
        return exec(...a);
      }) as NonNullable<T["exec"]>;
    }
  };
  wrap(pg);
  const transaction = pg.transaction.bind(pg);
  pg.transaction = ((fn: (tx: never) => unknown) =>
    transaction((tx: never) => {
      counts.transactions += 1;
      wrap(tx as { query: (...a: never[]) => unknown });
      return fn(tx);
    })) as typeof pg.transaction;
  return counts;
}

/** A scratch database on the PostgreSQL server of `adminUrl`; drop() removes it. */
async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: postgres } = await import("postgres");
  const name = `pix_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end({ timeout: 5 });
    },
  };
}

async function run(): Promise<PayoutBenchResult> {
  const requests = arg("requests", 400);
  const batchRows = arg("batch-rows", 5_000);
  const rate = arg("rate", 50);
  const latencyMs = arg("latency-ms", 20);
  const port = await freePort();
  const sandbox = await startSandboxProcess(port);
  const url = `http://127.0.0.1:${port}`;
  const appEnv = {
    PAYMENTS_API_URL: url,
    PAYMENTS_API_CLIENT_ID: "bench",
    PAYMENTS_API_CLIENT_SECRET: "bench-secret",
    PAYMENTS_WEBHOOK_AUTHORIZATION: "Bearer bench",
    AUTH_SECRET: "bench-auth-secret-bench-auth-secret-0001",
    LOG_LEVEL: "silent",
    BATCH_RATE_PER_SECOND: String(rate),
    QUEUE_CONCURRENCY: String(IN_FLIGHT),
  };
  Object.assign(process.env, appEnv);
  const workers: Array<{ kill(signal?: NodeJS.Signals): Promise<void> }> = [];
  try {
    const delay = await control(url, "/_control/faults", { path: "/v1/*", fault: "delay", delayMs: latencyMs, times: 1_000_000 });
    const delayId = (delay as { fault: { id: number } }).fault.id;
    /** Provider calls so far: every one went through the delay fault. */
    const providerCalls = async () => ((await (await fetch(`${url}/_control/faults/${delayId}`)).json()) as { fault: { matched: number } }).fault.matched;
    const { createDb } = await import("@/lib/db/client");
    const { postPayment } = await import("@/lib/payments-api/submit");
    const { startTransferQueue } = await import("@/lib/transfers/queue");
    const { createRequest, transferOf } = await import("@/lib/transfers/testing/fixtures");
    const { startWorkerProcess } = await import("@/lib/transfers/testing/child");
    const { FINAL_STATES } = await import("@/lib/transfers/states");
    const ENGINE_DONE_STATES = ["registered", ...FINAL_STATES];
    const { transferRequests } = await import("@/lib/db/schema");
    const { and, count, inArray, like } = await import("drizzle-orm");
    const { getBatchSummary } = await import("@/lib/batches/store");
    const { uploadBatch } = await import("@/lib/batches/upload");
    const { submitBatch } = await import("@/lib/batches/service");
    const { batchCsvBytes, generateBatchCells } = await import("@/lib/batches/fixtures/generate");
    const { parseBatchFile } = await import("@/lib/batches/parse");
    const { validateBatchRows } = await import("@/lib/batches/validate");
    const pLimit = (await import("p-limit")).default;
    type Db = Awaited<ReturnType<typeof createDb>>["db"];
    const maker = { id: "bench", email: "bench@example.com" };
    const stamp = Date.now().toString(36);
    const settings = {
      maxAttempts: 5,
      retryBaseMs: 200,
      leaseMs: 60_000,
      settleHorizonMs: 600_000,
      sendAuthorized: true,
      concurrency: IN_FLIGHT,
      reconcileCron: null,
      pollingIntervalSeconds: 0.5,
    };

    /**
     * Creates `n` approved requests tagged `tag`, queues them and times until every one is settled
     * by the engine; `onStart` runs once they exist, just before they are queued.
     */
    async function throughQueue(db: Db, enqueue: (items: Array<{ id: string; startAfter: Date }>) => Promise<void>, tag: string, n: number, onStart?: () => void): Promise<QueueRun> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await createRequest(db, transferOf(`bench-${tag}-${stamp}-${i}`, 2_000 + i), 0, maker)).id);
      onStart?.();
      const callsBefore = await providerCalls();
      const started = performance.now();
      await enqueue(ids.map((id) => ({ id, startAfter: new Date() })));
      const settled = async () =>
        Number(
          (
            await db
              .select({ n: count() })
              .from(transferRequests)
              .where(and(like(transferRequests.idempotentId, `bench-${tag}-${stamp}-%`), inArray(transferRequests.state, [...ENGINE_DONE_STATES])))
          )[0]?.n ?? 0,
        );
      while ((await settled()) < n) await new Promise((r) => setTimeout(r, 50));
      const seconds = (performance.now() - started) / 1000;
      const calls = (await providerCalls()) - callsBefore;
      return { seconds: round(seconds), perSecond: round(n / seconds), callsPerSubmission: round(calls / n), callsPerSecond: round(calls / seconds) };
    }

    // The provider's own rate.
    const direct = async (tag: string) => {
      const limit = pLimit(IN_FLIGHT);
      const t = performance.now();
      await Promise.all(Array.from({ length: requests }, (_, i) => limit(() => postPayment(transferOf(`bench-direct-${tag}-${stamp}-${i}`, 1_000 + i)))));
      return (performance.now() - t) / 1000;
    };
    const providerSeconds = [await direct("a")];

    // The embedded store, in this process, with its statements counted.
    const embeddedStore = await createDb({ memory: true });
    const counted = countStatements(embeddedStore.pglite as never);
    const embeddedQueue = await startTransferQueue(embeddedStore, settings);
    let before = { ...counted };
    const embeddedRun = await throughQueue(embeddedStore.db, (items) => embeddedQueue.enqueueMany(items), "embedded", requests, () => (before = { ...counted }));
    const perSubmission = (k: "statements" | "transactions") => round((counted[k] - before[k]) / requests);
    if (process.env.PAYOUT_STATEMENT_TIMES) for (const [k, v] of [...timed].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.error(`${v.toFixed(0).padStart(7)} ms  ${k}`);
    const embedded = { ...embeddedRun, ratioToProvider: 0, callsRatioToProvider: 0, statementsPerSubmission: perSubmission("statements"), transactionsPerSubmission: perSubmission("transactions") };

    // PostgreSQL: one instance, then two, each a process of its own on one database.
    let postgresql: PayoutBenchResult["queue"]["postgresql"] = null;
    let twoInstances: PayoutBenchResult["queue"]["twoInstances"] = null;
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const scratch = await scratchDatabase(adminUrl);
      try {
        const pgStore = await createDb({ url: scratch.url }, { maxConnections: 4 });
        const producer = await startTransferQueue(pgStore, settings, { databaseUrl: scratch.url, work: false });
        const env = { ...appEnv, DATABASE_URL: scratch.url, RECONCILE_CRON: "0 0 1 1 *" };
        const instances = async (k: number, concurrency: number) => {
          const started = await Promise.all(Array.from({ length: k }, () => startWorkerProcess({ ...env, QUEUE_CONCURRENCY: String(concurrency) })));
          workers.push(...started);
          return started;
        };
        const run = async (k: number, concurrency: number, tag: string, n: number) => {
          const running = await instances(k, concurrency);
          const result = await throughQueue(pgStore.db, (items) => producer.enqueueMany(items), tag, n);
          await Promise.all(running.map((w) => w.kill("SIGTERM")));
          return result;
        };
        const one = await run(1, IN_FLIGHT, "pg1", requests);
        // Scaling is measured below the provider's limit: two instances at IN_FLIGHT each would ask
        // the one sandbox process (and this machine's cores) for twice the calls the provider run
        // showed it serves, so each instance runs a quarter of that, once alone and then two together.
        const few = await run(1, SCALING_IN_FLIGHT, "pg1-few", requests);
        const two = await run(2, SCALING_IN_FLIGHT, "pg2-few", requests * 2);
        postgresql = { ...one, ratioToProvider: 0, callsRatioToProvider: 0 };
        twoInstances = { ...two, ratioToOne: round(two.perSecond / few.perSecond), oneInstance: few, inFlightEach: SCALING_IN_FLIGHT };
        await producer.stop();
        await pgStore.close();
      } finally {
        await scratch.drop();
      }
    }
    providerSeconds.push(await direct("b"));
    const provider = providerSeconds.reduce((a, b) => a + b, 0) / providerSeconds.length;
    const providerRate = requests / provider;
    embedded.ratioToProvider = round(embedded.perSecond / providerRate);
    embedded.callsRatioToProvider = round(embedded.callsPerSecond / providerRate);
    if (postgresql) {
      postgresql.ratioToProvider = round(postgresql.perSecond / providerRate);
      postgresql.callsRatioToProvider = round(postgresql.callsPerSecond / providerRate);
    }

    // A 5,000-row batch, on the embedded store, at the configured rate.
    const bytes = batchCsvBytes(generateBatchCells(batchRows, 5));
    let t = performance.now();
    const reading = await parseBatchFile(bytes, { contentType: "text/csv" });
    if (!reading.ok) throw new Error("the generated file was refused");
    await validateBatchRows(reading.rows, { batchId: "bench", isIdUsed: async () => new Set() });
    const readAndValidateMs = performance.now() - t;
    t = performance.now();
    const uploaded = await uploadBatch(embeddedStore.db, { bytes, fileName: "bench.csv", contentType: "text/csv", maker, ip: null, allowDuplicate: true });
    if (!uploaded.ok) throw new Error("upload refused");
    const storeMs = performance.now() - t;
    t = performance.now();
    global.gc?.();
    await submitBatch(embeddedStore.db, embeddedQueue, uploaded.batch.id, maker, { tiers: [{ from_cents: 0, approvals: 0 }], expiry_hours: 24 }, { ratePerSecond: rate });
    const submitMs = performance.now() - t;
    const sendStart = performance.now();
    const memory: PayoutBenchResult["batch"]["memory"] = [];
    let nextShare = 0;
    let done = 0;
    for (;;) {
      const progress = (await getBatchSummary(embeddedStore.db, uploaded.batch.id))?.progress ?? {};
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
      await new Promise((r) => setTimeout(r, 250));
    }
    const sendSeconds = (performance.now() - sendStart) / 1000;
    await embeddedQueue.stop();
    await embeddedStore.close();
    const idealSeconds = uploaded.batch.valid / rate;
    return {
      at: new Date().toISOString(),
      latencyMs,
      inFlight: IN_FLIGHT,
      provider: { requests, seconds: round(provider), perSecond: round(providerRate) },
      queue: { requests, embedded, postgresql, twoInstances },
      batch: {
        rows: batchRows,
        readAndValidateMs: round(readAndValidateMs),
        storeMs: round(storeMs),
        submitMs: round(submitMs),
        ratePerSecond: rate,
        sendSeconds: round(sendSeconds),
        idealSeconds: round(idealSeconds),
        ratioToIdeal: round(sendSeconds / idealSeconds),
        achievedPerSecond: round(done / sendSeconds),
        registered: done,
        memory,
      },
    };
  } finally {
    await Promise.all(workers.map((w) => w.kill("SIGKILL").catch(() => undefined)));
    sandbox.kill("SIGTERM");
  }
}

const round = (n: number) => Math.round(n * 100) / 100;

export const PAYOUT_TARGETS = { embedded: 0.5, postgresql: 0.8, twoInstances: 1.6, batch: 1.1 } as const;

const mark = (ok: boolean) => (ok ? "met" : "MISSED");

export function payoutMarkdown(r: PayoutBenchResult): string {
  const mem = r.batch.memory.map((m) => `${Math.round(m.sentShare * 100)}%: RSS ${m.rssMb} MB, heap ${m.heapMb} MB`).join("; ");
  const { embedded, postgresql, twoInstances } = r.queue;
  const T = PAYOUT_TARGETS;
  return [
    `| payout engine (${r.latencyMs} ms per provider call, ${r.inFlight} in flight) | figure | target |`,
    "|---|---|---|",
    `| provider's own rate, ${r.provider.requests} payments | ${r.provider.perSecond}/s (${r.provider.seconds} s) | the limit |`,
    `| through the queue, embedded store (PGlite, one process), ${r.queue.requests} requests | ${embedded.perSecond}/s (${embedded.seconds} s), ${embedded.ratioToProvider}x | ≥ ${T.embedded}x: ${mark(embedded.ratioToProvider >= T.embedded)} |`,
    `| provider calls through the queue, embedded store | ${embedded.callsPerSecond}/s, ${embedded.callsRatioToProvider}x the provider's rate (${embedded.callsPerSubmission} per submission) | reported |`,
    postgresql
      ? `| through the queue, PostgreSQL, one instance, ${r.queue.requests} requests | ${postgresql.perSecond}/s (${postgresql.seconds} s), ${postgresql.ratioToProvider}x | ≥ ${T.postgresql}x: ${mark(postgresql.ratioToProvider >= T.postgresql)} |`
      : "| through the queue, PostgreSQL | not measured (no TEST_DATABASE_URL) | |",
    postgresql ? `| provider calls through the queue, PostgreSQL | ${postgresql.callsPerSecond}/s, ${postgresql.callsRatioToProvider}x the provider's rate (${postgresql.callsPerSubmission} per submission) | reported |` : "",
    twoInstances
      ? `| two instances on one PostgreSQL, ${twoInstances.inFlightEach} in flight each, ${r.queue.requests * 2} requests | ${twoInstances.perSecond}/s (${twoInstances.seconds} s), ${twoInstances.ratioToOne}x one instance at ${twoInstances.inFlightEach} (${twoInstances.oneInstance.perSecond}/s) | ≥ ${T.twoInstances}x: ${mark(twoInstances.ratioToOne >= T.twoInstances)} |`
      : "| two instances on one PostgreSQL | not measured | |",
    `| store statements / transactions per submission (embedded, queue included, the requests' creation not) | ${embedded.statementsPerSubmission} / ${embedded.transactionsPerSubmission} | reported |`,
    `| ${r.batch.rows}-row file read and validated | ${r.batch.readAndValidateMs} ms | reported |`,
    `| stored (batch + rows) / submitted (${r.batch.rows} requests created) | ${r.batch.storeMs} ms / ${r.batch.submitMs} ms | reported |`,
    `| sent at ${r.batch.ratePerSecond}/s (embedded store) | ${r.batch.registered} registered in ${r.batch.sendSeconds} s (${r.batch.achievedPerSecond}/s), ${r.batch.ratioToIdeal}x the ${r.batch.idealSeconds} s the rate allows | ≤ ${T.batch}x: ${mark(r.batch.ratioToIdeal <= T.batch)} |`,
    `| memory while sending | ${mem} | flat |`,
  ]
    .filter(Boolean)
    .join("\n");
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
