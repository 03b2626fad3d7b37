/**
 * One log entry as a person reads it in a terminal: `21:05:11 WARN  msg  key=value ...`.
 * Used when the output is a terminal or LOG_FORMAT=pretty (`npm run demo`); JSON lines otherwise.
 */
const LABELS: Record<string, string> = { debug: "DEBUG", info: "INFO ", warn: "WARN ", error: "ERROR" };

function clock(time: unknown): string {
  const date = typeof time === "string" || typeof time === "number" ? new Date(time) : new Date();
  return Number.isNaN(date.getTime()) ? "--:--:--" : date.toTimeString().slice(0, 8);
}

function show(value: unknown): string {
  if (typeof value === "string") return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** An error's stack goes on the lines after its entry, indented, so the entry stays one line. */
function stackOf(fields: Record<string, unknown>): string | undefined {
  const error = fields.error;
  if (error && typeof error === "object" && "stack" in error && typeof error.stack === "string") return error.stack;
  return undefined;
}

export function humanLine(entry: Record<string, unknown>): string {
  const { level, time, msg, ...fields } = entry;
  const stack = stackOf(fields);
  if (stack && fields.error && typeof fields.error === "object") {
    const { stack: _stack, ...rest } = fields.error as Record<string, unknown>;
    fields.error = rest;
  }
  const pairs = Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${show(value)}`);
  const label = LABELS[String(level)] ?? String(level).toUpperCase().padEnd(5);
  const line = [`${clock(time)} ${label} ${String(msg ?? "")}`, ...pairs].join("  ");
  return stack ? `${line}\n${stack.replace(/^/gm, "    ")}` : line;
}
