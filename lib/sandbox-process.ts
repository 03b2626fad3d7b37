import { existsSync } from "node:fs";
import path from "node:path";

/**
 * How the sandbox provider (sandbox/, a program of its own) is started as a process. The back
 * office never imports it: it runs it. In production the compiled bundle runs on plain Node (no
 * TypeScript runner at run time); in development the sources run through tsx, so an edit needs no
 * build.
 */

/** The sandbox's entry point, relative to the repository root. */
export const SANDBOX_ENTRY = "sandbox/main.ts";
/** Its compiled bundle (scripts/build-sandbox.ts, run by `npm run build`); git-ignored. */
export const SANDBOX_BUNDLE = ".build/sandbox.mjs";

export interface SandboxCommand {
  command: string;
  args: string[];
  /** true: the compiled bundle; false: the TypeScript sources through tsx. */
  compiled: boolean;
}

/**
 * The command that starts the sandbox: the bundle when `compiled` is asked for and it exists,
 * else the sources through tsx (`--import tsx`: one process, where the tsx CLI would start two).
 */
export function sandboxCommand(root: string, prefer: "compiled" | "sources"): SandboxCommand {
  const bundle = path.join(root, SANDBOX_BUNDLE);
  if (prefer === "compiled" && existsSync(bundle)) return { command: process.execPath, args: [bundle], compiled: true };
  return { command: process.execPath, args: ["--import", "tsx", path.join(root, SANDBOX_ENTRY)], compiled: false };
}
