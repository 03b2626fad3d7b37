/** Runs bench/payout-engine.ts from `npm run bench`: in a child process with the react-server condition (the store modules are server-only). */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { PayoutBenchResult } from "./payout-result";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENGINE_BENCH = fileURLToPath(new URL("./payout-engine.ts", import.meta.url));

export async function runPayoutBench(args: string[] = []): Promise<PayoutBenchResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--conditions=react-server", "--expose-gc", "--import", "tsx", ENGINE_BENCH, "--json", ...args], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", () => {
      const line = out.trim().split("\n").at(-1) ?? "";
      try {
        resolve(JSON.parse(line) as PayoutBenchResult);
      } catch {
        reject(new Error(`payout bench gave no result: ${out.slice(-500)}`));
      }
    });
  });
}
