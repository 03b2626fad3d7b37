import { afterAll, beforeAll } from "vitest";
import { setStoreForTests } from "@/lib/db";
import type { TestEngine, TestStore } from "@/lib/db/test-engines";
import { resetEnvForTests } from "@/lib/env";
import { startTestSandbox, type TestSandbox } from "@/lib/payments-api/test-sandbox";

/**
 * The shared set-up of a file of route tests that call the provider: the sandbox for the whole
 * file, and per engine its store made the routes' store. Each returns a holder read in the tests
 * (`suite.store.db`), filled before they run.
 */

/** The company a comprovante, a charge's checkout and the statement name as the account holder. */
export const TEST_COMPANY = { COMPANY_NAME: "Empresa Demonstração Ltda", COMPANY_DOCUMENT: "11.222.333/0001-81" };

/** A sandbox whose clock the tests drive, and the company set, for the file. */
export function sandboxForFile(): { readonly sandbox: TestSandbox } {
  const held = {} as { sandbox: TestSandbox };
  beforeAll(async () => {
    held.sandbox = await startTestSandbox({ autoClock: false });
    Object.assign(process.env, TEST_COMPANY);
    resetEnvForTests();
  });
  afterAll(() => held.sandbox?.close());
  return held;
}

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
