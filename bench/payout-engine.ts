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
 * PAYOUT_WORKER_LOGS=1 prints each worker process's output (its warnings and errors) on stderr.
 * Writes bench/results/payout-engine.json and prints a Markdown table. Reports, never fails.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { payoutMarkdown, stepProfile, stepsMarkdown, type PayoutBenchResult, type QueueRun } from "./payout-result";
import { control, countStatements, freePort, scratchDatabase, startSandboxProcess, timed } from "./payout-support";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

/** In flight: the provider run's concurrency and every instance's QUEUE_CONCURRENCY. */
const IN_FLIGHT = 20;
/** The settle horizon of every run (TRANSFER_SETTLE_HORIZON_MS): a request whose POST answer was lost is only read back this long. */
const SETTLE_HORIZON_MS = 10_000;
/** Each instance's QUEUE_CONCURRENCY when one and two instances are compared (below the provider's limit). */
const SCALING_IN_FLIGHT = IN_FLIGHT / 4;

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
    TRANSFER_SETTLE_HORIZON_MS: String(SETTLE_HORIZON_MS),
  };
  Object.assign(process.env, appEnv);
  const workers: Array<{ kill(signal?: NodeJS.Signals): Promise<void> }> = [];
  try {
    const delay = await control(url, "/_control/faults", { path: "/v1/*", fault: "delay", delayMs: latencyMs, times: 1_000_000 });
    const delayId = (delay as { fault: { id: number } }).fault.id;
    /** Provider calls so far: every one went through the delay fault. */
    const providerCalls = async () => ((await (await fetch(`${url}/_control/faults/${delayId}`)).json()) as { fault: { matched: number } }).fault.matched;
    const { createDb } = await import("@/lib/db/client");
    const { postPayment, readBackPayment } = await import("@/lib/payments-api/submit");
    const { startTransferQueue } = await import("@/lib/transfers/server/queue");
    const { createRequest, transferOf } = await import("@/lib/transfers/testing/fixtures");
    const { startWorkerProcess, stepsOf } = await import("@/lib/transfers/testing/child");
    const { submissionStepTotals } = await import("@/lib/metrics/registry");
    const { FINAL_STATES } = await import("@/lib/transfers/states");
    const ENGINE_DONE_STATES = ["registered", ...FINAL_STATES];
    const { transferEvents, transferRequests } = await import("@/lib/db/schema");
    const { and, count, eq, inArray, like, notInArray } = await import("drizzle-orm");
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
      // Short: the provider answers in 20 ms here, and one lost answer must not hold a run for the default 10 minutes.
      settleHorizonMs: SETTLE_HORIZON_MS,
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
      const inStates = async (states: readonly string[], not = false) =>
        Number(
          (
            await db
              .select({ n: count() })
              .from(transferRequests)
              .where(and(like(transferRequests.idempotentId, `bench-${tag}-${stamp}-%`), not ? notInArray(transferRequests.state, [...states]) : inArray(transferRequests.state, [...states])))
          )[0]?.n ?? 0,
        );
      await enqueue(ids.map((id) => ({ id, startAfter: new Date() })));
      // Timed from the first claim: an instance of its own notices new jobs at its next poll (up to
      // pollingIntervalSeconds later), a delay before the first submission, not part of the rate.
      while ((await inStates(["approved"], true)) === 0) await new Promise((r) => setTimeout(r, 2));
      const started = performance.now();
      while ((await inStates(ENGINE_DONE_STATES)) < n) await new Promise((r) => setTimeout(r, 50));
      const seconds = (performance.now() - started) / 1000;
      const calls = (await providerCalls()) - callsBefore;
      // A lost answer makes a request wait out the settle horizon: the run says how many did.
      const [unknown] = await db
        .select({ n: count() })
        .from(transferEvents)
        .innerJoin(transferRequests, eq(transferEvents.transferId, transferRequests.id))
        .where(and(like(transferRequests.idempotentId, `bench-${tag}-${stamp}-%`), eq(transferEvents.toState, "outcome_unknown")));
      return { seconds: round(seconds), perSecond: round(n / seconds), callsPerSubmission: round(calls / n), callsPerSecond: round(calls / seconds), outcomeUnknown: Number(unknown?.n ?? 0) };
    }

    // The provider's own rate: POSTs alone, and what one submission asks of it (a read-back, then the POST).
    const direct = async (tag: string, readFirst = false) => {
      const limit = pLimit(IN_FLIGHT);
      const t = performance.now();
      await Promise.all(
        Array.from({ length: requests }, (_, i) =>
          limit(async () => {
            const body = transferOf(`bench-direct-${tag}-${stamp}-${i}`, 1_000 + i);
            if (readFirst) await readBackPayment(body);
            await postPayment(body);
          }),
        ),
      );
      return (performance.now() - t) / 1000;
    };
    const providerSeconds = [await direct("a")];
    const safeSeconds = [await direct("safe-a", true)];

    // The embedded store, in this process, with its statements counted.
    const embeddedStore = await createDb({ memory: true });
    const counted = countStatements(embeddedStore.pglite as never);
    const embeddedQueue = await startTransferQueue(embeddedStore, settings);
    let before = { ...counted };
    const embeddedRun = await throughQueue(embeddedStore.db, (items) => embeddedQueue.enqueueMany(items), "embedded", requests, () => (before = { ...counted }));
    const perSubmission = (k: "statements" | "transactions") => round((counted[k] - before[k]) / requests);
    if (process.env.PAYOUT_STATEMENT_TIMES) for (const [k, v] of [...timed].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.error(`${v.toFixed(0).padStart(7)} ms  ${k}`);
    // Nothing else submitted in this process yet: its step totals are this run's.
    embeddedRun.steps = stepProfile(await submissionStepTotals());
    const embedded = { ...embeddedRun, ratioToProvider: 0, callsRatioToProvider: 0, ratioToSafe: 0, statementsPerSubmission: perSubmission("statements"), transactionsPerSubmission: perSubmission("transactions") };

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
          if (process.env.PAYOUT_WORKER_LOGS) for (const w of running) process.stderr.write(`--- worker ${tag} (${result.seconds} s)\n${w.output()}\n`);
          const reported = running.map((w) => stepsOf(w.output()));
          if (k === 1 && reported[0]) result.steps = stepProfile(reported[0]);
          return result;
        };
        const one = await run(1, IN_FLIGHT, "pg1", requests);
        // Scaling is measured below the provider's limit: two instances at IN_FLIGHT each would ask
        // the one sandbox process (and this machine's cores) for twice the calls the provider run
        // showed it serves, so each instance runs a quarter of that, once alone and then two together.
        const few = await run(1, SCALING_IN_FLIGHT, "pg1-few", requests);
        const two = await run(2, SCALING_IN_FLIGHT, "pg2-few", requests * 2);
        postgresql = { ...one, ratioToProvider: 0, callsRatioToProvider: 0, ratioToSafe: 0 };
        twoInstances = { ...two, ratioToOne: round(two.perSecond / few.perSecond), oneInstance: few, inFlightEach: SCALING_IN_FLIGHT };
        await producer.stop();
        await pgStore.close();
      } finally {
        await scratch.drop();
      }
    }
    providerSeconds.push(await direct("b"));
    safeSeconds.push(await direct("safe-b", true));
    const safeRate = requests / (safeSeconds.reduce((a, b) => a + b, 0) / safeSeconds.length);
    const provider = providerSeconds.reduce((a, b) => a + b, 0) / providerSeconds.length;
    const providerRate = requests / provider;
    embedded.ratioToProvider = round(embedded.perSecond / providerRate);
    embedded.callsRatioToProvider = round(embedded.callsPerSecond / providerRate);
    embedded.ratioToSafe = round(embedded.perSecond / safeRate);
    if (postgresql) {
      postgresql.ratioToProvider = round(postgresql.perSecond / providerRate);
      postgresql.callsRatioToProvider = round(postgresql.callsPerSecond / providerRate);
      postgresql.ratioToSafe = round(postgresql.perSecond / safeRate);
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
      provider: { requests, seconds: round(provider), perSecond: round(providerRate), safePerSecond: round(safeRate) },
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  run()
    .then(async (result) => {
      await mkdir(join(ROOT, "bench", "results"), { recursive: true });
      await writeFile(join(ROOT, "bench", "results", "payout-engine.json"), `${JSON.stringify(result, null, 2)}\n`);
      console.log(process.argv.includes("--json") ? JSON.stringify(result) : `${payoutMarkdown(result)}\n\n${stepsMarkdown(result)}`);
    })
    .catch((err: unknown) => {
      console.error("[payout-engine] failed:", err);
    })
    .finally(() => process.exit(0));
}
