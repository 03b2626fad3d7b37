/** What the payout engine benchmark (bench/payout-engine.ts) measures, and its Markdown table. */

export type Run = { seconds: number; perSecond: number };
/** Where a submission's time went: each step's calls and average milliseconds (pix_transfer_submission_step_seconds). */
export type StepProfile = Array<{ step: string; count: number; avgMs: number }>;
/** A run through the queue: also the provider calls it made (a read-back before each POST: two per submission). */
export type QueueRun = Run & { callsPerSubmission: number; callsPerSecond: number; steps?: StepProfile; /** Requests that went outcome_unknown on the way (a lost answer: each waits out the settle horizon). */ outcomeUnknown?: number };
export type PayoutBenchResult = {
  at: string;
  latencyMs: number;
  inFlight: number;
  /** safePerSecond: a read-back then the POST, straight, as many at a time: what one submission asks of the provider. */
  provider: Run & { requests: number; safePerSecond: number };
  queue: {
    requests: number;
    embedded: QueueRun & { ratioToProvider: number; callsRatioToProvider: number; ratioToSafe: number; statementsPerSubmission: number; transactionsPerSubmission: number };
    postgresql: (QueueRun & { ratioToProvider: number; callsRatioToProvider: number; ratioToSafe: number }) | null;
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
    `| provider's own rate for what a submission asks of it (read back, then POST), ${r.provider.requests} payments | ${r.provider.safePerSecond}/s | the limit with the read-back |`,
    `| through the queue, embedded store (PGlite, one process), ${r.queue.requests} requests | ${embedded.perSecond}/s (${embedded.seconds} s), ${embedded.ratioToProvider}x; ${embedded.ratioToSafe}x of read back + POST | ≥ ${T.embedded}x: ${mark(embedded.ratioToProvider >= T.embedded)} |`,
    `| provider calls through the queue, embedded store | ${embedded.callsPerSecond}/s, ${embedded.callsRatioToProvider}x the provider's rate (${embedded.callsPerSubmission} per submission) | reported |`,
    postgresql
      ? `| through the queue, PostgreSQL, one instance, ${r.queue.requests} requests | ${postgresql.perSecond}/s (${postgresql.seconds} s), ${postgresql.ratioToProvider}x; ${postgresql.ratioToSafe}x of read back + POST | ≥ ${T.postgresql}x: ${mark(postgresql.ratioToProvider >= T.postgresql)} |`
      : "| through the queue, PostgreSQL | not measured (no TEST_DATABASE_URL) | |",
    postgresql ? `| provider calls through the queue, PostgreSQL | ${postgresql.callsPerSecond}/s, ${postgresql.callsRatioToProvider}x the provider's rate (${postgresql.callsPerSubmission} per submission) | reported |` : "",
    twoInstances
      ? `| two instances on one PostgreSQL, ${twoInstances.inFlightEach} in flight each, ${r.queue.requests * 2} requests | ${twoInstances.perSecond}/s (${twoInstances.seconds} s), ${twoInstances.ratioToOne}x one instance at ${twoInstances.inFlightEach} (${twoInstances.oneInstance.perSecond}/s) | ≥ ${T.twoInstances}x: ${mark(twoInstances.ratioToOne >= T.twoInstances)} |`
      : "| two instances on one PostgreSQL | not measured | |",
    `| requests whose answer was lost on the way (outcome_unknown, each read back up to the settle horizon): embedded, PostgreSQL one, one at ${twoInstances?.inFlightEach ?? "–"}, two | ${[embedded, postgresql, twoInstances?.oneInstance, twoInstances].map((run) => run?.outcomeUnknown ?? "–").join(", ")} | reported |`,
    `| store statements / transactions per submission (embedded, queue included, the requests' creation not) | ${embedded.statementsPerSubmission} / ${embedded.transactionsPerSubmission} | reported |`,
    `| ${r.batch.rows}-row file read and validated | ${r.batch.readAndValidateMs} ms | reported |`,
    `| stored (batch + rows) / submitted (${r.batch.rows} requests created) | ${r.batch.storeMs} ms / ${r.batch.submitMs} ms | reported |`,
    `| sent at ${r.batch.ratePerSecond}/s (embedded store) | ${r.batch.registered} registered in ${r.batch.sendSeconds} s (${r.batch.achievedPerSecond}/s), ${r.batch.ratioToIdeal}x the ${r.batch.idealSeconds} s the rate allows | ≤ ${T.batch}x: ${mark(r.batch.ratioToIdeal <= T.batch)} |`,
    `| memory while sending | ${mem} | flat |`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The steps' profile of the one-instance runs, side by side, and the time a submission held its slot. */
export function stepsMarkdown(r: PayoutBenchResult): string {
  const { embedded, postgresql } = r.queue;
  if (!embedded.steps) return "";
  const pg = postgresql?.steps ?? [];
  const cell = (p: StepProfile, step: string) => {
    const s = p.find((x) => x.step === step);
    return s ? `${s.avgMs} ms (${s.count})` : "–";
  };
  const sum = (p: StepProfile) => Math.round(p.reduce((a, s) => a + s.avgMs, 0) * 100) / 100;
  const held = (run: QueueRun | null) => (run ? `${Math.round(((r.inFlight * 1000) / run.perSecond) * 100) / 100} ms` : "–");
  return [
    `| step of a submission (average, calls) | embedded store | PostgreSQL, one instance |`,
    "|---|---:|---:|",
    ...embedded.steps.map((s) => `| ${s.step} | ${cell(embedded.steps!, s.step)} | ${cell(pg, s.step)} |`),
    `| sum of the steps | ${sum(embedded.steps)} ms | ${pg.length ? `${sum(pg)} ms` : "–"} |`,
    `| a slot held per submission (${r.inFlight} in flight ÷ submissions per second) | ${held(embedded)} | ${held(postgresql)} |`,
  ].join("\n");
}

/** submissionStepTotals (or a worker's report of it) as a profile. */
export function stepProfile(totals: Record<string, { count: number; seconds: number }>): StepProfile {
  return Object.entries(totals).map(([step, t]) => ({ step, count: t.count, avgMs: t.count ? Math.round((t.seconds * 1000 * 100) / t.count) / 100 : 0 }));
}

/** The benchmarks file's section on the payout engine: how it is measured, the figures, the steps' profile. */
export function payoutSection(r: PayoutBenchResult): string[] {
  return [
    "## Payout engine",
    "",
    "`bench/payout-engine.ts`: the sandbox in its own process holding every call",
    `${r.latencyMs} ms (its \`delay\` fault). The provider's rate is postPayment called directly, ${r.inFlight} at a time (measured before and`,
    "after the queue runs, averaged). The queue: the embedded store in the bench's process; PostgreSQL with the workers in",
    "instances of their own (child processes), one then two on one database.",
    "",
    "Each submission calls the provider twice: it reads the payment back by its idempotent_id before its first POST (a",
    "payment already there, from a restored backup or another system using the id, is never sent again). With as many",
    `submissions in flight as the provider run has calls in flight (${r.inFlight}), payments per second through the queue can reach at most`,
    "half the provider's own rate; the provider calls per second show how much of the provider's pace the queue uses.",
    "The second provider row is that limit measured: a read-back then the POST, straight, as many at a time; each queue row",
    "gives its ratio to it too (what the queue itself costs, the read-back aside).",
    "",
    payoutMarkdown(r),
    "",
    "Where a submission's time went, in the same runs: each step's average as the engine recorded it",
    "(`pix_transfer_submission_step_seconds`, also on `/api/metrics`). read_back and post are the provider's calls,",
    `${r.latencyMs} ms of them the provider's delay; the rest of each is this process reaching its answer (a busy event loop`,
    "answers late); claim, mark_posting and record are the store's statements. The slot is held a little longer than the",
    "sum: the job's fetch and completion, and the wait for the event loop between steps.",
    "",
    stepsMarkdown(r),
  ];
}
