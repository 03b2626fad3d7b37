/**
 * The browser figures alone (JS per page, first table paint, filter changes), on the last
 * `next build` (about 1 minute with 20,000 payments):
 *   npx tsx bench/pages-run.ts [--seed 20000] [--runs 3]
 * Same server and measurement as `npm run bench`; prints the figures, writes nothing.
 */
import { runPageMetrics } from "./page-metrics";
import { startBenchServer } from "./server";
import { argOr } from "./cli";


const server = await startBenchServer({ seedCount: Number(argOr("seed", "20000")) });
try {
  const result = await runPageMetrics({ appUrl: server.appUrl, email: "admin@demo.test", password: process.env.DEMO_PASSWORD ?? "demo-password", runs: Number(argOr("runs", "3")) });
  for (const page of result.js) console.log(JSON.stringify(page));
  const { cold, warm } = result.firstTablePaint;
  console.log("first table paint cold", JSON.stringify(cold), "warm", JSON.stringify(warm));
  const { samples, ...filter } = result.filterChange;
  console.log("filter change", JSON.stringify(filter), `${samples.length} samples`);
} finally {
  await server.stop();
}
