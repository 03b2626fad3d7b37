/** The payout engine benchmark's tools: the sandbox process, its control API, a scratch database, a statement counter. */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { benchSandboxCommand } from "./sandbox-process";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });

export async function startSandboxProcess(port: number): Promise<ChildProcess> {
  const run = await benchSandboxCommand();
  const child = spawn(run.command, run.args, {
    cwd: ROOT,
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_STORE: "memory", SANDBOX_SEED_COUNT: "500", PAYMENTS_API_CLIENT_ID: "bench", PAYMENTS_API_CLIENT_SECRET: "bench-secret", SANDBOX_CLOCK_STEP_MS: "3600000", SANDBOX_BALANCE_CENTS: String(10_000_000_000_000) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => d.toString().includes("listening") && resolve());
    child.once("exit", () => reject(new Error("sandbox exited")));
  });
  return child;
}

export async function control(url: string, path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** With PAYOUT_STATEMENT_TIMES=1: milliseconds per statement text (the profile of a run, printed on stderr). */
export const timed = new Map<string, number>();

/** Counts the statements and transactions sent to an embedded store (drizzle and the queue alike). */
export function countStatements(pg: { query: (...a: never[]) => unknown; exec: (...a: never[]) => unknown; transaction: (fn: (tx: never) => unknown) => unknown }) {
  const counts = { statements: 0, transactions: 0 };
  const wrap = <T extends { query: (...a: never[]) => unknown; exec?: (...a: never[]) => unknown }>(target: T) => {
    const query = target.query.bind(target);
    target.query = ((...a: never[]) => {
      counts.statements += 1;
      if (!process.env.PAYOUT_STATEMENT_TIMES) return query(...a);
      const t = performance.now();
      const key = String(a[0] as unknown).replace(/\s+/g, " ").slice(0, 90);
      return (query(...a) as Promise<unknown>).finally(() => timed.set(key, (timed.get(key) ?? 0) + performance.now() - t));
    }) as T["query"];
    if (target.exec) {
      const exec = target.exec.bind(target);
      target.exec = ((...a: never[]) => {
        counts.statements += 1;
        return exec(...a);
      }) as NonNullable<T["exec"]>;
    }
  };
  wrap(pg);
  const transaction = pg.transaction.bind(pg);
  pg.transaction = ((fn: (tx: never) => unknown) =>
    transaction((tx: never) => {
      counts.transactions += 1;
      wrap(tx as { query: (...a: never[]) => unknown });
      return fn(tx);
    })) as typeof pg.transaction;
  return counts;
}

/** A scratch database on the PostgreSQL server of `adminUrl`; drop() removes it. */
export async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: postgres } = await import("postgres");
  const name = `pix_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await admin.end({ timeout: 5 });
    },
  };
}
