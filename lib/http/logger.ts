import "server-only";
import pino from "pino";
import { getEnv, type ServerEnv } from "@/lib/env";
import { humanLine } from "./log-format";
import { redact } from "./redact";

type Level = "debug" | "info" | "warn" | "error";
type Threshold = ServerEnv["logLevel"];
type Format = "json" | "pretty";

/**
 * pino, one per process (on globalThis: Next.js may load this module more than once), rebuilt
 * when LOG_LEVEL or LOG_FORMAT change (tests). Errors go to stderr, the rest to stdout; each
 * stream is looked up at write time, so a test can capture it. Pretty lines are made from the
 * JSON pino wrote: only terminals and the demo pay for that.
 */
type Held = { key: string; logger: pino.Logger };
const KEY = Symbol.for("pix-backoffice.logger");

function sink(target: () => NodeJS.WriteStream, format: Format): pino.DestinationStream {
  return {
    write(line: string) {
      target().write(format === "pretty" ? `${humanLine(JSON.parse(line) as Record<string, unknown>)}\n` : line);
    },
  };
}

function build(threshold: Threshold, format: Format): pino.Logger {
  const level = threshold === "silent" ? "silent" : threshold;
  const streams = pino.multistream(
    [
      { level: "debug", stream: sink(() => process.stdout, format) },
      { level: "error", stream: sink(() => process.stderr, format) },
    ],
    { dedupe: true },
  );
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    streams,
  );
}

function settings(): { threshold: Threshold; format: Format } {
  let threshold: Threshold = "info";
  let configured: Format | undefined;
  try {
    const env = getEnv();
    threshold = env.logLevel;
    configured = env.logFormat;
  } catch {
    // Configuration errors are reported elsewhere; still log.
  }
  return { threshold, format: configured ?? (process.stdout.isTTY ? "pretty" : "json") };
}

function logger(): pino.Logger {
  const { threshold, format } = settings();
  const key = `${threshold}/${format}`;
  const g = globalThis as typeof globalThis & { [KEY]?: Held };
  if (g[KEY]?.key !== key) g[KEY] = { key, logger: build(threshold, format) };
  return g[KEY].logger;
}

/**
 * The one way the server logs: one line per event (JSON, or a readable line in a terminal and
 * the demo), credentials redacted. Request lines are `debug`: at the default level the server
 * prints its start-up, then only warnings and errors.
 */
export function logLine(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const log = logger();
  if (!log.isLevelEnabled(level)) return;
  log[level](redact(fields) as Record<string, unknown>, msg);
}
