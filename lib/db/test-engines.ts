import "server-only";
import { randomBytes } from "node:crypto";
import { createDb, type CreateDbOptions, type StoreHandle } from "./client";

/**
 * Test-only: the engines every store test runs on. PGlite (in memory) always; a real
 * PostgreSQL server too when TEST_DATABASE_URL is set (scripts/pg-test.sh starts one). Each
 * open() gives a fresh, empty, migrated database; close() drops it again.
 */
export type TestEngine = { name: "pglite" | "postgresql"; open(options?: CreateDbOptions): Promise<TestStore> };
export type TestStore = StoreHandle & { location: { url: string } | { memory: true } };

const pglite: TestEngine = {
  name: "pglite",
  async open(options) {
    const handle = await createDb({ memory: true }, options);
    return { ...handle, location: { memory: true } };
  },
};

function postgresql(adminUrl: string): TestEngine {
  return {
    name: "postgresql",
    async open(options) {
      const { default: postgres } = await import("postgres");
      const name = `pix_t_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
      try {
        await admin.unsafe(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = await createDb({ url: url.toString() }, { maxConnections: 4, ...options });
      return {
        ...handle,
        location: { url: url.toString() },
        async close() {
          await handle.close();
          await dropScratchDatabase(adminUrl, name);
        },
      };
    },
  };
}

/**
 * Drops a scratch database. FORCE ends the suite's leftover connections, but PostgreSQL refuses
 * it while an autovacuum worker (a process of no role) is in that database: wait and try again.
 * A database that still cannot be dropped is left behind with a warning: cleanup, not a result.
 */
async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const dropper = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        return;
      } catch (error) {
        if (attempt >= 10) {
          console.warn(`test-engines: scratch database ${name} left behind:`, (error as Error).message);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  } finally {
    await dropper.end({ timeout: 5 });
  }
}

export const TEST_ENGINES: TestEngine[] = process.env.TEST_DATABASE_URL
  ? [pglite, postgresql(process.env.TEST_DATABASE_URL)]
  : [pglite];

export { rowsOf } from "./raw";
