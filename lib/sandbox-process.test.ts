import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SANDBOX_BUNDLE, sandboxCommand } from "./sandbox-process";

const root = mkdtempSync(join(tmpdir(), "sandbox-command-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("sandboxCommand: how the back office starts the sandbox", () => {
  it("runs the sources through tsx until a bundle exists, then the bundle on this very Node when asked", () => {
    expect(sandboxCommand(root, "compiled")).toEqual({ command: process.execPath, args: ["--import", "tsx", join(root, "sandbox/main.ts")], compiled: false });
    mkdirSync(join(root, ".build"), { recursive: true });
    writeFileSync(join(root, SANDBOX_BUNDLE), "// bundle");
    expect(sandboxCommand(root, "compiled")).toEqual({ command: process.execPath, args: [join(root, SANDBOX_BUNDLE)], compiled: true });
    // Development keeps running the sources: an edit needs no build.
    expect(sandboxCommand(root, "sources").compiled).toBe(false);
  });
});
