/**
 * The production server for the benchmarks, like scripts/e2e-server.mjs but on its own ports:
 * the sandbox provider in its own process (so its memory and CPU are not counted as the app's),
 * then `next start` on the last `next build`, which finds the sandbox already answering on
 * SANDBOX_PORT and uses it. Both are stopped by `stop()` (and when this process exits).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { benchSandboxCommand } from "./sandbox-process";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export type BenchServerOptions = {
  appPort?: number;
  sandboxPort?: number;
  /** Seeded payments in the sandbox (plus 11 fixtures). */
  seedCount?: number;
  dataDir?: string;
  /** Run the app under `node --cpu-prof`: a .cpuprofile lands in this directory when it stops. */
  cpuProfileDir?: string;
  /** The app's store on this PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  /** More settings for the app (QUEUE_CONCURRENCY, ...). */
  appEnv?: Record<string, string>;
};

export type BenchServer = {
  appUrl: string;
  sandboxUrl: string;
  /** The `next start` process (its tree is the app; the sandbox is not in it). */
  appPid: number;
  sandboxPid: number;
  seedCount: number;
  stop(): Promise<void>;
};

const BUSY_PATTERN = "next build|playwright test|next start -p 3100";

/**
 * The benchmarks need the machine to themselves, and other runs on a shared machine look for
 * "next build" / "playwright test" in process lists before starting theirs: say so in ours.
 */
export function holdMachineSlot(what: string): void {
  process.title = `${what}: holds the next build / playwright test slot`;
}

/** One `next build` / Playwright run on the machine at a time: wait while another one runs. */
export async function waitForQuietMachine(log: (line: string) => void = console.log): Promise<void> {
  for (let said = false; ; said = true) {
    const found = spawnSync("pgrep", ["-af", BUSY_PATTERN], { encoding: "utf8" });
    const others = found.stdout
      .split("\n")
      .filter((line) => line.trim() && !line.includes("pgrep") && !line.startsWith(`${process.pid} `))
      // Wrappers that only wait for their turn (a shell loop, `timeout ...`, `flock LOCK ...`) are not a build or a run.
      .filter((line) => !/^\d+ (\/bin\/)?(ba)?sh |^\d+ timeout |^\d+ flock /.test(line));
    if (others.length === 0) return;
    if (!said) log(`waiting for other builds/e2e runs to finish:\n  ${others.join("\n  ")}`);
    await new Promise((r) => setTimeout(r, 10_000));
  }
}

export function nextBuild(): void {
  const result = spawnSync(join(ROOT, "node_modules/.bin/next"), ["build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`next build failed (${result.status})`);
}

function waitForLine(child: ChildProcess, needle: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(needle)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`${what} exited early (${code})`)));
  });
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function kill(child: ChildProcess, group: boolean): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    try {
      if (group && child.pid) process.kill(-child.pid, "SIGTERM");
      else child.kill("SIGTERM");
    } catch {
      resolve();
    }
  });
}

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const appPort = options.appPort ?? 3300;
  const sandboxPort = options.sandboxPort ?? 4310;
  const seedCount = options.seedCount ?? 200_000;
  const dataDir = options.dataDir ?? ".data/bench";
  rmSync(join(ROOT, dataDir), { recursive: true, force: true });

  // The sandbox is started by hand here: both processes are given the same credentials (in sandbox
  // mode the app would otherwise generate its own, DATA_DIR/sandbox-secrets.json).
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    PAYMENTS_API_CLIENT_SECRET: process.env.PAYMENTS_API_CLIENT_SECRET ?? "sandbox-secret",
    PAYMENTS_WEBHOOK_AUTHORIZATION: process.env.PAYMENTS_WEBHOOK_AUTHORIZATION ?? "Bearer bench-webhook",
  };
  delete base.PAYMENTS_API_URL;
  delete base.DATABASE_URL;
  if (options.databaseUrl) base.DATABASE_URL = options.databaseUrl;

  const run = await benchSandboxCommand();
  const sandbox = spawn(run.command, run.args, {
    cwd: ROOT,
    env: { ...base, SANDBOX_PORT: String(sandboxPort), SANDBOX_STORE: "memory", SANDBOX_SEED_COUNT: String(seedCount) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await waitForLine(sandbox, "sandbox listening on", "sandbox");

  const profileDir = options.cpuProfileDir;
  const nextBin = join(ROOT, "node_modules/next/dist/bin/next");
  const [command, args] = profileDir
    ? [process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, nextBin, "start", "-p", String(appPort)]]
    : [join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(appPort)]];
  const app = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...base,
      NODE_ENV: "production",
      PORT: String(appPort),
      SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      APP_URL: `http://localhost:${appPort}`,
      // Every request writes its log line (debug: production's default writes none), so the
      // figures hold for a deployment that turns them on; nobody reads them here.
      LOG_LEVEL: "debug",
      ...options.appEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const stop = async () => {
    await kill(app, true);
    await kill(sandbox, false);
  };
  const onExit = () => {
    try {
      if (app.pid) process.kill(-app.pid, "SIGTERM");
    } catch {}
    sandbox.kill("SIGTERM");
  };
  process.once("exit", onExit);
  try {
    await waitForHttp(`http://localhost:${appPort}/api/health`, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    appUrl: `http://localhost:${appPort}`,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    appPid: app.pid!,
    sandboxPid: sandbox.pid!,
    seedCount,
    stop: async () => {
      process.removeListener("exit", onExit);
      await stop();
    },
  };
}
