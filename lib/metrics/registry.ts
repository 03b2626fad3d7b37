import "server-only";
import { Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The Prometheus metrics of this process (GET /api/metrics). One registry per process, kept on
 * globalThis: Next.js bundles route handlers, pages and instrumentation separately and may load
 * this module several times, and a second registry would count half the requests.
 *
 * Counters and histograms are this instance's (sum them across instances); the gauges read from
 * the store at scrape time (store-gauges.ts) are the deployment's (take their max).
 */
type Metrics = {
  registry: Registry;
  httpRequests: Counter<"route" | "status">;
  httpDuration: Histogram<"route">;
  providerCalls: Counter<"operation" | "outcome">;
  providerDuration: Histogram<"operation" | "outcome">;
  webhookLag: Histogram<"kind">;
  submissionSteps: Histogram<"step">;
  queueJobs: Gauge<"queue" | "state">;
  queueOldestAge: Gauge<"queue" | "state">;
  transfers: Gauge<"state">;
  findingsOpen: Gauge;
  alertsOpen: Gauge;
  webhookRegistrationHeld: Gauge;
  webhookRegistrationAttempts: Counter<"outcome">;
};

const KEY = Symbol.for("pix-backoffice.metrics");

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PROVIDER_SECONDS = [...SECONDS, 15, 30];
const LAG_SECONDS = [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

function create(): Metrics {
  const registry = new Registry();
  // The application's own families only: the host's CPU and memory are node_exporter's (and
  // prom-client's default event-loop gauge reads "Nan" between close scrapes).
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({ name: "pix_http_requests_total", help: "API requests answered, by route and HTTP status", labelNames: ["route", "status"], registers }),
    httpDuration: new Histogram({ name: "pix_http_request_duration_seconds", help: "Time to answer an API request, by route", labelNames: ["route"], buckets: SECONDS, registers }),
    providerCalls: new Counter({
      name: "pix_provider_calls_total",
      help: "HTTP calls to the payments provider (each attempt), by operation and outcome (HTTP status, timeout or network)",
      labelNames: ["operation", "outcome"],
      registers,
    }),
    providerDuration: new Histogram({
      name: "pix_provider_call_duration_seconds",
      help: "Latency of each call to the payments provider, by operation and outcome",
      labelNames: ["operation", "outcome"],
      buckets: PROVIDER_SECONDS,
      registers,
    }),
    webhookLag: new Histogram({
      name: "pix_webhook_lag_seconds",
      help: "Webhook received minus the provider's time of the change it reports, by kind (payment, qrcode)",
      labelNames: ["kind"],
      buckets: LAG_SECONDS,
      registers,
    }),
    submissionSteps: new Histogram({
      name: "pix_transfer_submission_step_seconds",
      help: "Time of each step of a transfer's submission by the queue's workers (claim, send_check, read_back, mark_posting, post, record)",
      labelNames: ["step"],
      buckets: PROVIDER_SECONDS,
      registers,
    }),
    queueJobs: new Gauge({ name: "pix_queue_jobs", help: "Jobs in the queue, by queue and state (read from the store at scrape time)", labelNames: ["queue", "state"], registers }),
    queueOldestAge: new Gauge({
      name: "pix_queue_oldest_job_age_seconds",
      help: "How long the oldest due job has waited (created, retry) or run (active), by queue and state",
      labelNames: ["queue", "state"],
      registers,
    }),
    transfers: new Gauge({ name: "pix_transfers", help: "Transfer requests by state (read from the store at scrape time)", labelNames: ["state"], registers }),
    findingsOpen: new Gauge({ name: "pix_reconciliation_findings_open", help: "Reconciliation findings not resolved yet", registers }),
    alertsOpen: new Gauge({ name: "pix_alerts_open", help: "Alerts raised and not acknowledged or resolved yet (read from the store at scrape time)", registers }),
    webhookRegistrationHeld: new Gauge({
      name: "pix_webhook_registration_held",
      help: "1 once this instance registered its webhook receiver with the provider, 0 while it retries (alert when 0 for minutes)",
      registers,
    }),
    webhookRegistrationAttempts: new Counter({
      name: "pix_webhook_registration_attempts_total",
      help: "Attempts to register the webhook receiver with the provider, by outcome (registered, failed)",
      labelNames: ["outcome"],
      registers,
    }),
  };
}

export function metrics(): Metrics {
  const g = globalThis as typeof globalThis & { [KEY]?: Metrics };
  g[KEY] ??= create();
  return g[KEY];
}

/** One API request answered (withRoute). */
export function recordHttpRequest(route: string, status: number, seconds: number): void {
  const m = metrics();
  m.httpRequests.inc({ route, status: String(status) });
  m.httpDuration.observe({ route }, seconds);
}

/** One call to the provider: `outcome` is its HTTP status, or "timeout" / "network" when none came. */
export function recordProviderCall(operation: string, outcome: string, seconds: number): void {
  const m = metrics();
  m.providerCalls.inc({ operation, outcome });
  m.providerDuration.observe({ operation, outcome }, seconds);
}

/** A webhook's delay; a provider clock ahead of ours reads as 0, not as a negative lag. */
export function recordWebhookLag(kind: string, seconds: number): void {
  metrics().webhookLag.observe({ kind }, Math.max(0, seconds));
}

/** One attempt to register our webhook receiver, and whether the registration holds now. */
export function recordWebhookRegistration(outcome: "registered" | "failed"): void {
  const m = metrics();
  m.webhookRegistrationAttempts.inc({ outcome });
  m.webhookRegistrationHeld.set(outcome === "registered" ? 1 : 0);
}

/** The steps of one submission (lib/transfers/server/engine.ts), in the order they run. */
export const SUBMISSION_STEPS = ["claim", "send_check", "read_back", "mark_posting", "post", "record"] as const;
export type SubmissionStep = (typeof SUBMISSION_STEPS)[number];

/** Runs one step of a submission and records its time, whether it answers or throws. */
export async function timeSubmissionStep<T>(step: SubmissionStep, run: () => Promise<T>): Promise<T> {
  const end = metrics().submissionSteps.startTimer({ step });
  try {
    return await run();
  } finally {
    end();
  }
}

/** What this process recorded per step so far: how many and their total seconds (the benchmark's profile). */
export async function submissionStepTotals(): Promise<Record<SubmissionStep, { count: number; seconds: number }>> {
  const totals = Object.fromEntries(SUBMISSION_STEPS.map((step) => [step, { count: 0, seconds: 0 }])) as Record<SubmissionStep, { count: number; seconds: number }>;
  for (const v of (await metrics().submissionSteps.get()).values) {
    const step = v.labels.step as SubmissionStep;
    if (!totals[step]) continue;
    if (v.metricName?.endsWith("_count")) totals[step].count = v.value;
    if (v.metricName?.endsWith("_sum")) totals[step].seconds = v.value;
  }
  return totals;
}
