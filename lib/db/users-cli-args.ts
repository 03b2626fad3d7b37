import { isRole, ROLES, type Role } from "@/lib/auth/roles";

/** Argument parsing of `npm run users -- ...`, pure so it is tested without a store. */
export const USERS_USAGE = `Manage the back office's staff accounts.

Usage:
  npm run users -- add EMAIL ROLE [--name "Full Name"] [--password-stdin]
  npm run users -- list
  npm run users -- role EMAIL ROLE
  npm run users -- pending
  npm run users -- confirm ID
  npm run users -- refuse ID

Roles: ${ROLES.join(", ")}

The password of "add" is read from stdin with --password-stdin, else from the USER_PASSWORD
environment variable, else asked for (twice, hidden) when run in a terminal.
"pending" lists the changes that weaken money controls and wait for a second admin (a looser
approval policy, a role that may move money, a set-password link or second-factor reset for
such an account); "confirm" applies one, "refuse" drops it. A deployment with a single admin
confirms here: whoever can run this on the server is the second person.

The store is the server's: DATABASE_URL, or the embedded one under DATA_DIR (stop the server
first when it uses the embedded store).`;

export type PasswordSource = "stdin" | "env" | "prompt";

type UsersCommand =
  | { kind: "help" }
  | { kind: "list" }
  | { kind: "add"; email: string; role: Role; name?: string; password: PasswordSource }
  | { kind: "role"; email: string; role: Role }
  | { kind: "pending" }
  | { kind: "confirm"; id: string }
  | { kind: "refuse"; id: string };

type ParseResult = { ok: true; command: UsersCommand } | { ok: false; error: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function roleError(value: string | undefined): string {
  return value
    ? `Unknown role "${value}". Use one of: ${ROLES.join(", ")}`
    : `Missing ROLE (one of: ${ROLES.join(", ")})`;
}

export function parseUsersArgs(
  argv: readonly string[],
  env: { USER_PASSWORD?: string } = {},
  isTty = false,
): ParseResult {
  const positional: string[] = [];
  let name: string | undefined;
  let passwordStdin = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--help" || arg === "-h") return { ok: true, command: { kind: "help" } };
    if (arg === "--password-stdin") passwordStdin = true;
    else if (arg === "--name") {
      name = argv[++i];
      if (!name || name.startsWith("--")) return { ok: false, error: "--name needs a value" };
    } else if (arg.startsWith("--name=")) name = arg.slice("--name=".length);
    else if (arg.startsWith("-")) return { ok: false, error: `Unknown option ${arg}` };
    else positional.push(arg);
  }
  const [verb, email, role, ...extra] = positional;
  if (!verb || verb === "help") return { ok: true, command: { kind: "help" } };

  if (verb === "list") {
    if (positional.length > 1) return { ok: false, error: `"list" takes no arguments` };
    return { ok: true, command: { kind: "list" } };
  }
  if (verb === "pending") {
    if (positional.length > 1) return { ok: false, error: `"pending" takes no arguments` };
    return { ok: true, command: { kind: "pending" } };
  }
  if (verb === "confirm" || verb === "refuse") {
    if (!email) return { ok: false, error: "Missing ID (see npm run users -- pending)" };
    if (positional.length > 2) return { ok: false, error: `Unexpected argument "${positional[2]}"` };
    if (!UUID.test(email)) return { ok: false, error: `"${email}" is not the id of a pending change` };
    return { ok: true, command: verb === "confirm" ? { kind: "confirm", id: email.toLowerCase() } : { kind: "refuse", id: email.toLowerCase() } };
  }
  if (verb !== "add" && verb !== "role") {
    return { ok: false, error: `Unknown command "${verb}". Use add, list, role, pending, confirm or refuse` };
  }
  if (!email) return { ok: false, error: "Missing EMAIL" };
  if (!EMAIL.test(email)) return { ok: false, error: `"${email}" is not an email address` };
  if (!role || !isRole(role)) return { ok: false, error: roleError(role) };
  if (extra.length) return { ok: false, error: `Unexpected argument "${extra[0]}"` };

  if (verb === "role") {
    if (passwordStdin || name !== undefined) return { ok: false, error: `"role" takes no options` };
    return { ok: true, command: { kind: "role", email, role } };
  }
  const password: PasswordSource | undefined = passwordStdin
    ? "stdin"
    : env.USER_PASSWORD
      ? "env"
      : isTty
        ? "prompt"
        : undefined;
  if (!password) {
    return {
      ok: false,
      error: "No password given: pipe it with --password-stdin, set USER_PASSWORD, or run in a terminal",
    };
  }
  return { ok: true, command: { kind: "add", email, role, password, ...(name ? { name } : {}) } };
}
