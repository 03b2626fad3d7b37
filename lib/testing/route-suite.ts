import { afterAll, beforeAll } from "vitest";
import { setStoreForTests } from "@/lib/db";
import type { TestEngine, TestStore } from "@/lib/db/test-engines";

/**
 * The shared set-up of a file of route tests: per engine, its store made the routes' store. It
 * returns a holder read in the tests (`suite.store.db`), filled before they run. The sandbox for
 * the file is lib/payments-api/test-sandbox.ts's `sandboxForFile`.
 */

/** In a describe block per engine: its store opened and answering getDb(), closed after the block. */
export function routeStoreFor(engine: TestEngine): { readonly store: TestStore } {
  const held = {} as { store: TestStore };
  beforeAll(async () => {
    held.store = await engine.open();
    setStoreForTests(held.store);
  });
  afterAll(async () => {
    setStoreForTests(undefined);
    await held.store?.close();
  });
  return held;
}
