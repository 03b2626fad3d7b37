import "server-only";
import { getEnv } from "@/lib/env";
import { ensureDemoAccounts } from "@/lib/auth/demo-accounts";
import { getStore } from "./index";

/**
 * Server start (instrumentation.ts -> lib/startup.ts): open the store and apply migrations,
 * then, in sandbox mode only, create the demo accounts. Throws when the store cannot be opened;
 * the caller stops the server with the reason.
 */
export async function initStore(): Promise<{ engine: "pglite" | "postgres"; describe: string; demoAccountsCreated: string[] }> {
  const store = await getStore();
  const demoAccountsCreated = getEnv().sandboxMode ? await ensureDemoAccounts({ db: store.db }) : [];
  return { engine: store.kind, describe: store.describe, demoAccountsCreated };
}
