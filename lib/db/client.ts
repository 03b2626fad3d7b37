import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { migrateStore } from "./migrate";
import { lockPgliteDir } from "./pglite-lock";

/**
 * Opens the dashboard's store: embedded PGlite (a directory, or memory for tests) or a real
 * PostgreSQL server. Both speak the same SQL, run the same migrations and the same tests.
 */
export type Schema = typeof schema;
/** The Drizzle database, whatever the engine underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The database or a transaction of it: what writes take, so that a change and its audit row commit together. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;
export type StoreKind = "pglite" | "postgres";

export type StoreLocation = { url: string } | { pgliteDir: string } | { memory: true };

/** The raw PGlite client (for LISTEN and the job queue's adapter); only on the embedded store. */
export type PgliteClient = import("@electric-sql/pglite").PGlite;

export type StoreHandle = {
  db: Db;
  kind: StoreKind;
  pglite?: PgliteClient;
  /** Where the data lives, for logs (the URL without its password). */
  describe: string;
  close(): Promise<void>;
};

export type CreateDbOptions = {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  migrationsFolder?: string;
  /** postgres.js pool size (default 10). */
  maxConnections?: number;
};

export function defaultMigrationsFolder(): string {
  return path.join(process.cwd(), "lib", "db", "migrations");
}

export async function createDb(
  location: StoreLocation,
  options: CreateDbOptions = {},
): Promise<StoreHandle> {
  const handle = "url" in location ? await openPostgres(location.url, options) : await openPglite(location);
  if (options.migrate !== false) {
    try {
      await migrateStore(handle, location, options.migrationsFolder ?? defaultMigrationsFolder());
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  }
  return handle;
}

async function openPglite(location: { pgliteDir: string } | { memory: true }): Promise<StoreHandle> {
  // Loaded on demand: PGlite ships WebAssembly that a PostgreSQL deployment never needs.
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // pg_trgm: the contains searches' indexes (migration store_at_scale), as on PostgreSQL.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const extensions = { pg_trgm };
  let client: InstanceType<typeof PGlite>;
  let describe: string;
  let unlock = () => {};
  if ("pgliteDir" in location) {
    const dir = path.resolve(location.pgliteDir);
    mkdirSync(path.dirname(dir), { recursive: true });
    unlock = lockPgliteDir(dir);
    client = new PGlite(dir, { extensions });
    describe = `PGlite at ${dir}`;
  } else {
    client = new PGlite({ extensions });
    describe = "PGlite in memory";
  }
  try {
    await client.waitReady;
    // Its pages are in this process's memory or the local file system's cache: a random read costs
    // what a sequential one does. At the default (4) the planner hashed a year of approvals
    // (113,000 rows at 200,000 requests) instead of probing its index for the 1,600 waiting
    // requests: the approver's inbox count took 19.5 ms instead of 9.8.
    await client.exec("set random_page_cost = 1.1");
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle({ client, schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    pglite: client,
    describe,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPostgres(url: string, options: CreateDbOptions): Promise<StoreHandle> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max: options.maxConnections ?? 10,
    onnotice: () => undefined,
    // No JIT: our statements are short, and a planner that overestimates rows (an OR of partial
    // conditions, "needs attention" at 2M requests) compiled for 84 ms a count that runs in 12.
    connection: { jit: "off" },
  });
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    describe: `PostgreSQL at ${redactUrl(url)}`,
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable URL)";
  }
}
