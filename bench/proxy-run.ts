/**
 * The proxy-overhead figures alone, on the last `next build` (about 1 minute):
 *   npx tsx bench/proxy-run.ts [--seed 200000] [--duration 10]
 * Same server and measurement as `npm run bench`; prints the table, writes nothing.
 */
import { benchTable, runProxyBench, signIn } from "./proxy-overhead";
import { startBenchServer } from "./server";
import { argOr } from "./cli";


const server = await startBenchServer({ seedCount: Number(argOr("seed", "200000")) });
try {
  const cookie = await signIn(server.appUrl, "viewer@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
  const result = await runProxyBench({
    appUrl: server.appUrl,
    sandboxUrl: server.sandboxUrl, cookie,
    durationS: Number(argOr("duration", "10")),
    appPid: server.appPid,
    sandboxPid: server.sandboxPid,
  });
  console.log(benchTable(result));
} finally {
  await server.stop();
}
