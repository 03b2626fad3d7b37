import "server-only";
import { userInfo } from "node:os";
import { ROLES } from "@/lib/auth/roles";
import { closeDb, getDb } from "@/lib/db";
import { StoreInUseError } from "@/lib/db/pglite-lock";
import { PendingChangeError } from "@/lib/admin-changes/service";
import { UserError } from "@/lib/db/users";
import { ConfigError, getEnv } from "@/lib/env";
import { splitArgs } from "./args";
import type { AnyCommand, CliIo } from "./command";
import { COMMANDS } from "./commands";

/**
 * `npm run users -- COMMAND ...`: staff accounts from a shell, on the server's own store and
 * configuration. It speaks English (operators' shells) and imports no React or i18n code: it
 * must run where only Node and the store are (held by users-cli/imports.test.ts).
 */
export function usersUsage(commands: readonly AnyCommand[] = COMMANDS): string {
  const lines = commands.map((c) => `  npm run users -- ${`${c.name} ${c.usage}`.trim()}\n      ${c.summary}`);
  return `Manage the back office's staff accounts.

Usage:
${lines.join("\n")}

Roles: ${ROLES.join(", ")}

"add" prints a one-time link to set the password; a script may give the password instead, piped
with --password-stdin or in USER_PASSWORD. The store and APP_URL are the server's: run it with the
server's environment (DATABASE_URL, or the embedded store under DATA_DIR: stop the server first).`;
}

function osUser(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}

const wantsHelp = (argv: readonly string[]) => !argv[0] || argv[0] === "help" || argv.includes("--help") || argv.includes("-h");

/** Runs one command; returns the process exit code (0 done, 1 refused, 2 usage). */
export async function runUsersCli(argv: readonly string[], io: CliIo, commands: readonly AnyCommand[] = COMMANDS): Promise<number> {
  if (wantsHelp(argv)) {
    io.stdout.write(`${usersUsage(commands)}\n`);
    return 0;
  }
  const [verb, ...rest] = argv;
  const usageError = (error: string) => {
    io.stderr.write(`Error: ${error}\n\nRun "npm run users -- help" for usage.\n`);
    return 2;
  };
  const command = commands.find((c) => c.name === verb);
  if (!command) return usageError(`Unknown command "${verb}". Use ${commands.map((c) => c.name).join(", ")}`);
  const split = splitArgs(rest, command.options);
  if (!split.ok) return usageError(split.error);
  const prepared = command.prepare(split.value, io.env);
  if (!prepared.ok) return usageError(prepared.error);
  try {
    return await prepared.value({ io, db: getDb, appUrl: () => getEnv().appUrl, auditDetail: { via: "cli", os_user: osUser() } });
  } catch (error) {
    if (error instanceof UserError || error instanceof StoreInUseError || error instanceof ConfigError || error instanceof PendingChangeError) {
      io.stderr.write(`Error: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`Unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await closeDb();
  }
}
