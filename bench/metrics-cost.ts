/**
 * What the metrics cost an API request: the recording withRoute and the provider door do for a
 * typical request (one API request counted and timed, one provider call counted and timed),
 * measured in a loop against the same loop without them, over realistic label sets (40 routes x
 * 5 statuses, 16 provider operations x 4 outcomes). Also the scrape: rendering those series.
 *
 *   npx tsx --conditions=react-server bench/metrics-cost.ts [--requests 200000] [--rounds 7]
 *
 * Writes bench/results/metrics-cost.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { metrics, recordHttpRequest, recordProviderCall } from "../lib/metrics/registry";
import { summarize } from "./proc";

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const REQUESTS = argument("requests", 200_000);
const ROUNDS = argument("rounds", 7);
const ROUTES = Array.from({ length: 40 }, (_, i) => `GET /api/route-${i}`);
const STATUSES = [200, 201, 400, 404, 502];
const OPERATIONS = Array.from({ length: 16 }, (_, i) => `operation${i}`);
const OUTCOMES = ["200", "201", "406", "timeout"];

export type MetricsCostResult = {
  requests: number;
  /** ns of recording per API request (p50 / p95 over the rounds), with the empty loop subtracted. */
  perRequestNs: { p50: number; p95: number };
  series: number;
  scrape: { ms: { p50: number; p95: number }; bytes: number };
};

/** One round: `REQUESTS` requests' worth of work, with or without the recording. */
function round(record: boolean): number {
  let sink = 0;
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) {
    const seconds = (i % 997) / 1000;
    if (record) {
      recordHttpRequest(ROUTES[i % ROUTES.length]!, STATUSES[i % STATUSES.length]!, seconds);
      recordProviderCall(OPERATIONS[i % OPERATIONS.length]!, OUTCOMES[i % OUTCOMES.length]!, seconds);
    } else {
      sink += ROUTES[i % ROUTES.length]!.length + STATUSES[i % STATUSES.length]! + OPERATIONS[i % OPERATIONS.length]!.length + seconds;
    }
  }
  const elapsed = performance.now() - started;
  if (sink < 0) console.log(sink); // keeps the empty loop from being optimised away
  return elapsed;
}

async function main(): Promise<void> {
  round(true); // warm up: every series exists, the code is optimised
  round(false);
  const perRequest: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const without = round(false);
    const withMetrics = round(true);
    perRequest.push(((withMetrics - without) * 1e6) / REQUESTS);
  }
  const scrapes: number[] = [];
  let bytes = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const started = performance.now();
    bytes = (await metrics().registry.metrics()).length;
    scrapes.push(performance.now() - started);
  }
  const perRequestNs = summarize(perRequest);
  const scrape = summarize(scrapes);
  const result: MetricsCostResult = {
    requests: REQUESTS,
    perRequestNs: { p50: perRequestNs.p50, p95: perRequestNs.p95 },
    series: ROUTES.length * STATUSES.length + OPERATIONS.length * OUTCOMES.length,
    scrape: { ms: { p50: scrape.p50, p95: scrape.p95 }, bytes },
  };
  const dir = join(import.meta.dirname, "results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "metrics-cost.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result));
}

void main();
