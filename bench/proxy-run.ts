/**
 * The proxy-overhead figures alone, on the last `next build` (about 1 minute):
 *   npx tsx bench/proxy-run.ts [--seed 200000] [--duration 10]
 * Same server and measurement as `npm run bench`; prints the table, writes nothing.
 */
import { benchTable, runProxyBench, signIn } from "./proxy-overhead";
import { startBenchServer } from "./server";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const server = await startBenchServer({ seedCount: Number(arg("seed", "200000")) });
try {
  const cookie = await signIn(server.appUrl, "viewer@demo.test", process.env.DEMO_PASSWORD ?? "demo-password");
  const result = await runProxyBench({
    appUrl: server.appUrl,
    sandboxUrl: server.sandboxUrl, cookie,
    durationS: Number(arg("duration", "10")),
    appPid: server.appPid,
    sandboxPid: server.sandboxPid,
  });
  console.log(benchTable(result));
} finally {
  await server.stop();
}
