/**
 * The entry of `npm run users` (usage: run.ts).
 *
 * The store modules are marked `server-only`, which Node resolves to an empty module only under
 * the "react-server" export condition (as Next.js does for server code). tsx does not set it, so
 * this entry re-runs itself once with that condition and the same loader flags.
 */
import { spawnSync } from "node:child_process";

const CONDITION = "--conditions=react-server";

async function main(): Promise<void> {
  const script = process.argv[1];
  const hasCondition = process.execArgv.includes(CONDITION) || (process.env.NODE_OPTIONS ?? "").includes(CONDITION);
  if (!hasCondition && script) {
    const child = spawnSync(process.execPath, [...process.execArgv, CONDITION, script, ...process.argv.slice(2)], { stdio: "inherit" });
    process.exit(child.status ?? 1);
  }
  process.env.LOG_LEVEL ??= "warn"; // no server start-up lines in the CLI's answer
  const { runUsersCli } = await import("./run");
  process.exitCode = await runUsersCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
}

void main();
