/**
 * The proxy figures alone, on the last `next build` (about 2 minutes):
 *   npx tsx bench/proxy-run.ts [--rounds 3] [--round-s 5] [--app-port 3300] [--sandbox-port 4310] [--forwarder-port 4320]
 * Same server and measurement as `npm run bench`; prints the table, writes nothing.
 */
import { benchTable, runProxyBenchOnOwnServer } from "./proxy-overhead";
import { arg, argOr } from "./cli";

const port = (name: string) => (arg(name) === undefined ? undefined : Number(arg(name)));
const result = await runProxyBenchOnOwnServer({
  rounds: Number(argOr("rounds", "3")),
  roundS: Number(argOr("round-s", "5")),
  appPort: port("app-port"),
  sandboxPort: port("sandbox-port"),
  forwarderPort: port("forwarder-port"),
});
console.log(benchTable(result));
