/**
 * The browser figures alone (JS per page, first table paint, filter changes), on the last
 * `next build` (about 1 minute with 20,000 payments):
 *   npx tsx bench/pages-run.ts [--seed 20000] [--runs 3] [--app-port 3300] [--sandbox-port 4310] [--js-only]
 * Same server and measurement as `npm run bench`; prints the figures, writes nothing.
 * Other ports let it run beside a bench or an e2e run; --js-only measures the bytes per page alone.
 */
import { measurePagesJs, runPageMetrics } from "./page-metrics";
import { startBenchServer } from "./server";
import { argOr } from "./cli";


const server = await startBenchServer({
  seedCount: Number(argOr("seed", "20000")),
  appPort: Number(argOr("app-port", "3300")),
  sandboxPort: Number(argOr("sandbox-port", "4310")),
});
const options = { appUrl: server.appUrl, email: "admin@demo.test", password: process.env.DEMO_PASSWORD ?? "demo-password", runs: Number(argOr("runs", "3")) };
try {
  if (process.argv.includes("--js-only")) {
    for (const page of await measurePagesJs(options)) console.log(JSON.stringify(page));
  } else {
    const result = await runPageMetrics(options);
    for (const page of result.js) console.log(JSON.stringify(page));
    const { cold, warm } = result.firstTablePaint;
    console.log("first table paint cold", JSON.stringify(cold), "warm", JSON.stringify(warm));
    const { samples, ...filter } = result.filterChange;
    console.log("filter change", JSON.stringify(filter), `${samples.length} samples`);
  }
} finally {
  await server.stop();
}
