import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/** The line a worker process writes when stopped gracefully: its submissions' steps (submissionStepTotals). */
export const STEPS_LINE = "submission steps ";

/** The steps a stopped worker reported, or null (killed, or it never submitted). */
export function stepsOf(output: string): Record<string, { count: number; seconds: number }> | null {
  const line = output.split("\n").find((l) => l.startsWith(STEPS_LINE));
  return line ? (JSON.parse(line.slice(STEPS_LINE.length)) as Record<string, { count: number; seconds: number }>) : null;
}

/** A worker process (worker-main.ts) with its own environment; resolves once its engine is ready. */
export type WorkerProcess = { child: ChildProcess; output: () => string; kill(signal?: NodeJS.Signals): Promise<void> };

export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<WorkerProcess> {
  // Node itself with tsx as a loader, not the tsx command: that one runs the script in a child
  // of its own, which a SIGKILL of the command leaves running (an instance "killed" that still works).
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(process.cwd(), "lib/transfers/testing/worker-main.ts")], {
    env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes("engine ready")) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`worker process did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    output: () => output,
    async kill(signal = "SIGKILL") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
