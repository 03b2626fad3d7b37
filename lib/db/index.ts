import "server-only";
import path from "node:path";
import { getEnv } from "@/lib/env";
import { logLine } from "@/lib/http/logger";
import { createDb, type Db, type StoreHandle } from "./client";

export { createDb, defaultMigrationsFolder } from "./client";
export type { CreateDbOptions, Db, Tx, PgliteClient, Schema, StoreHandle, StoreKind, StoreLocation } from "./client";

/**
 * The process-wide store, opened on first use from the environment: PostgreSQL when
 * DATABASE_URL is set, otherwise PGlite under `${DATA_DIR}/dashboard`. Migrations run once,
 * before the first caller gets the database.
 *
 * Kept on globalThis: Next.js may evaluate this module more than once in one process (route
 * handlers, server components, instrumentation, dev reloads), and two PGlite instances on one
 * directory would corrupt it.
 */
type Holder = { store?: Promise<StoreHandle> };
const HOLDER_KEY = Symbol.for("pix-backoffice.store");

function holder(): Holder {
  const g = globalThis as typeof globalThis & { [HOLDER_KEY]?: Holder };
  g[HOLDER_KEY] ??= {};
  return g[HOLDER_KEY];
}

async function openFromEnv(): Promise<StoreHandle> {
  const env = getEnv();
  const handle = env.databaseUrl
    ? await createDb({ url: env.databaseUrl })
    : await createDb({ pgliteDir: path.join(env.dataDir, "dashboard") });
  logLine("debug", "store opened, migrations applied", { store: handle.describe });
  return handle;
}

/** The store handle (engine, close) of this process. */
export function getStore(): Promise<StoreHandle> {
  const h = holder();
  h.store ??= openFromEnv().catch((error: unknown) => {
    h.store = undefined; // let the next caller try again
    throw error;
  });
  return h.store;
}

/** The Drizzle database of this process, migrated. */
export async function getDb(): Promise<Db> {
  return (await getStore()).db;
}

/** Closes the store (PGlite must be closed or the process hangs on exit). */
export async function closeDb(): Promise<void> {
  const h = holder();
  const pending = h.store;
  h.store = undefined;
  if (!pending) return;
  const handle = await pending.catch(() => null);
  await handle?.close();
}

/** Tests only: make getDb() answer with a store the test opened (or forget it). */
export function setStoreForTests(handle: StoreHandle | undefined): void {
  holder().store = handle ? Promise.resolve(handle) : undefined;
}
