/** What one `npm run bench` measured: every section optional (a benchmark that could not run is in `errors`). */
import type { ChargeImportResult } from "./charge-import";
import type { MetricsCostResult } from "./metrics-cost";
import type { ExportBenchResult } from "./export-bench";
import type { LoadResult } from "./load";
import type { StoreScaleResult } from "./store-scale";
import type { ApiPathResult } from "./api-path";
import type { OverviewBenchResult } from "./overview";
import type { PageMetricsResult } from "./page-metrics";
import type { PayoutBenchResult } from "./payout-result";
import type { TransferFlowResult } from "./transfer-flow";
import type { MachineInfo } from "./proc";
import type { ProxyProfile } from "./proxy-profile";
import type { ProxyBenchResult } from "./proxy-overhead";
import type { ListBenchResult } from "./sandbox-list";

export type BenchReport = {
  machine: MachineInfo;
  finishedAt: string;
  durationS: number;
  loadAverageAfter: number[];
  sandboxList?: ListBenchResult;
  proxy?: ProxyBenchResult;
  /** CPU profile of GET /api/payments under load (this run), and of the Next.js floor (GET /api/health). */
  proxyProfile?: ProxyProfile;
  floorProfile?: ProxyProfile;
  pages?: PageMetricsResult;
  overview?: OverviewBenchResult;
  export?: ExportBenchResult & { seedCount: number };
  /** The request engine (queue vs the provider's rate) and a 5,000-row batch, in their own processes. */
  payout?: PayoutBenchResult;
  /** Confirm and approve timed on screen. */
  transferFlow?: TransferFlowResult;
  /** bench/batch-parse.ts: a 5,000-row file read, validated and previewed (CSV and XLSX). */
  batchParse?: BatchParseResult;
  /** bench/charge-import.ts: charges made from a 1,000-row spreadsheet, PGlite and PostgreSQL. */
  chargeImport?: ChargeImportResult;
  /** bench/metrics-cost.ts: what recording the metrics adds to one API request, and a scrape. */
  metricsCost?: MetricsCostResult;
  /** From this run with --load, else the last recorded load run (bench/results/load.json). */
  load?: LoadResult & { at: string };
  /** The last `npm run bench -- --scale` (bench/results/store-scale.json): it takes minutes of its own. */
  storeScale?: StoreScaleResult;
  /** The last `npm run bench -- --api-path` (bench/results/api-path.json). */
  apiPath?: ApiPathResult;
  errors: Record<string, string>;
};

type Spread = { p50: number; p95: number };
export type BatchParseResult = {
  results: Array<{ format: string; rows: number; valid: number; total: Spread; heapGrowthOverRunsMb: number; heapDuringRunMb: { p50: number; max: number } }>;
};
