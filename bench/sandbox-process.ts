import { join } from "node:path";
import { sandboxCommand, type SandboxCommand } from "../lib/sandbox-process";
import { buildSandbox } from "../scripts/build-sandbox";

const ROOT = join(import.meta.dirname, "..");
let built: Promise<unknown> | undefined;

/**
 * The sandbox as production runs it: the compiled bundle on plain Node, built once per bench run
 * from the current sources (esbuild: well under a second), so a figure never comes from a stale build.
 */
export async function benchSandboxCommand(): Promise<SandboxCommand> {
  built ??= buildSandbox();
  await built;
  return sandboxCommand(ROOT, "compiled");
}
