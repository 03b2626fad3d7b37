import "server-only";
import { getEnv } from "@/lib/env";
import type { Db } from "@/lib/db";
import { createUser, findUserByEmail, UserError } from "@/lib/db/users";
import { ROLES, type Role } from "./roles";

/**
 * The sandbox's demo accounts, all with DEMO_PASSWORD: one per role, a second approver so a
 * transfer that needs two approvals can be approved, and a second admin so a change that
 * weakens money controls (lib/admin-changes) can be confirmed in the sandbox.
 */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; role: Role; name: string }> = [
  ...ROLES.map((role) => ({ email: `${role}@demo.test`, role, name: `Demo ${role}` })),
  { email: "approver2@demo.test", role: "approver", name: "Demo approver 2" },
  { email: "admin2@demo.test", role: "admin", name: "Demo admin 2" },
];

/**
 * Creates the missing demo accounts, in sandbox mode only (outside it: does nothing, returns []).
 * Idempotent: existing accounts are left as they are. Returns the emails it created.
 */
export async function ensureDemoAccounts(options: { db?: Db; password?: string; sandboxMode?: boolean } = {}): Promise<string[]> {
  const env = getEnv();
  if (!(options.sandboxMode ?? env.sandboxMode)) return [];
  const password = options.password ?? env.demoPassword;
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(account.email, options.db)) continue;
    try {
      await createUser({ ...account, password }, { db: options.db });
      created.push(account.email);
    } catch (error) {
      // Another instance created it between our check and our insert: fine.
      if (error instanceof UserError && /already exists/.test(error.message)) continue;
      if (await findUserByEmail(account.email, options.db)) continue;
      throw error;
    }
  }
  return created;
}
