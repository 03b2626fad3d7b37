import "server-only";
import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { logLine } from "./http/logger";

type Level = "debug" | "info" | "warn" | "error";

/**
 * A child process's output through our logger, one entry per line tagged with its source, so
 * the server's output stays one format (JSON, or readable lines in the demo). `levelOf` picks
 * each stdout line's level; stderr lines are errors.
 */
export function forwardChildOutput(child: ChildProcess, source: string, levelOf: (line: string) => Level): void {
  if (child.stdout) createInterface({ input: child.stdout }).on("line", (line) => line.trim() && logLine(levelOf(line), line, { source }));
  if (child.stderr) createInterface({ input: child.stderr }).on("line", (line) => line.trim() && logLine("error", line, { source }));
}
