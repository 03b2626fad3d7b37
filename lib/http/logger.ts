import "server-only";
import { getEnv } from "@/lib/env";
import { redact } from "./redact";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** One JSON line on stdout, credentials redacted. The only logger of route handlers. */
export function logLine(level: Level, msg: string, fields: Record<string, unknown>): void {
  let threshold: Level | "silent" = "info";
  try {
    threshold = getEnv().logLevel;
  } catch {
    // Configuration errors are reported elsewhere; still log.
  }
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify(redact({ level, time: new Date().toISOString(), msg, ...fields }));
  if (level === "error") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}
