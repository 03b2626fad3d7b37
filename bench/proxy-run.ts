/**
 * The proxy figures alone, on the last `next build` (about 2 minutes):
 *   npx tsx bench/proxy-run.ts [--rounds 3] [--round-s 5]
 * Same server and measurement as `npm run bench`; prints the table, writes nothing.
 */
import { benchTable, runProxyBenchOnOwnServer } from "./proxy-overhead";
import { argOr } from "./cli";

const result = await runProxyBenchOnOwnServer({ rounds: Number(argOr("rounds", "3")), roundS: Number(argOr("round-s", "5")) });
console.log(benchTable(result));
