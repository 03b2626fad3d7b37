import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { humanLine } from "./log-format";
import { logLine } from "./logger";

let out: string[] = [];
let err: string[] = [];
function configure(vars: Record<string, string>) {
  for (const [key, value] of Object.entries(vars)) process.env[key] = value;
  resetEnvForTests();
}
beforeEach(() => {
  out = [];
  err = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (out.push(String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (err.push(String(chunk)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.LOG_LEVEL;
  delete process.env.LOG_FORMAT;
  resetEnvForTests();
});

describe("logLine (pino)", () => {
  it("writes one JSON line per entry, level as a word, credentials redacted; errors to stderr", () => {
    configure({ LOG_LEVEL: "info", LOG_FORMAT: "json" });
    logLine("info", "store ready", { store: "PGlite at .data/dashboard", authorization: "Basic c2VjcmV0" });
    logLine("error", "startup failed", { error: new Error("token=abc123 refused") });
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]!)).toEqual({ level: "info", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), msg: "store ready", store: "PGlite at .data/dashboard", authorization: "[redacted]" });
    expect(err).toHaveLength(1);
    const failure = JSON.parse(err[0]!) as { level: string; error: { message: string; stack: string } };
    expect(failure.level).toBe("error");
    expect(failure.error.message).toBe("token=[redacted] refused");
    expect(failure.error.stack).toContain("logger.test.ts");
  });

  it("drops what is below LOG_LEVEL (the default info hides request lines, which are debug)", () => {
    configure({ LOG_FORMAT: "json" });
    logLine("debug", "request", { status: 200 });
    logLine("info", "started", {});
    configure({ LOG_LEVEL: "warn", LOG_FORMAT: "json" });
    logLine("info", "started", {});
    logLine("warn", "reconciler could not list the provider's payments", { kind: "timeout" });
    configure({ LOG_LEVEL: "silent", LOG_FORMAT: "json" });
    logLine("error", "nobody hears this", {});
    expect(out.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(["started", "reconciler could not list the provider's payments"]);
    expect(err).toEqual([]);
  });

  it("LOG_FORMAT=pretty writes one readable line per entry", () => {
    configure({ LOG_FORMAT: "pretty" });
    logLine("warn", "webhook delivery could not be confirmed with the provider", { error: "The payments provider did not answer in time", attempt: 2 });
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^\d\d:\d\d:\d\d WARN  webhook delivery could not be confirmed with the provider {2}error="The payments provider did not answer in time" {2}attempt=2\n$/);
  });
});

describe("humanLine", () => {
  it("quotes only values that need it and writes objects as JSON", () => {
    const line = humanLine({ level: "info", time: "2026-11-25T12:00:00.000Z", msg: "started", url: "http://localhost:3000", webhooks: "registered", types: [1, 2], none: undefined });
    expect(line).toMatch(/^\d\d:\d\d:\d\d INFO  started {2}url=http:\/\/localhost:3000 {2}webhooks=registered {2}types=\[1,2\]$/);
  });

  it("puts an error's stack under its line, indented, so the entry itself stays one line", () => {
    const text = humanLine({ level: "error", time: 0, msg: "startup failed", error: { name: "Error", message: "boom", stack: "Error: boom\n    at start (lib/startup.ts:1:1)" } });
    const [first, ...rest] = text.split("\n");
    expect(first).toMatch(/ERROR startup failed {2}error=\{"name":"Error","message":"boom"\}$/);
    expect(rest).toEqual(["    Error: boom", "        at start (lib/startup.ts:1:1)"]);
  });
});
