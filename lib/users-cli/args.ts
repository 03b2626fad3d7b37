import { isRole, ROLES, type Role } from "@/lib/auth/roles";
import type { CliArgs, OptionSpec, Parsed } from "./command";

/** Splits a command's arguments into positional ones and its declared options; refuses others. */
export function splitArgs(argv: readonly string[], spec: OptionSpec = {}): Parsed<CliArgs> {
  const args: CliArgs = { positional: [], flags: new Set(), values: new Map() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (!arg.startsWith("-") || arg === "-") {
      args.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (spec.flags?.includes(name) && eq < 0) {
      args.flags.add(name);
    } else if (spec.values?.includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (!value || (eq < 0 && value.startsWith("--"))) return { ok: false, error: `${name} needs a value` };
      args.values.set(name, value);
    } else {
      return { ok: false, error: `Unknown option ${name}` };
    }
  }
  return { ok: true, value: args };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks that exactly these positional arguments were given (names as in the usage line). */
export function expectPositional(args: CliArgs, names: readonly string[]): Parsed<string[]> {
  for (const [i, name] of names.entries()) {
    if (args.positional[i] === undefined) return { ok: false, error: `Missing ${name}` };
  }
  const extra = args.positional[names.length];
  if (extra !== undefined) return { ok: false, error: `Unexpected argument "${extra}"` };
  return { ok: true, value: args.positional };
}

export function checkEmail(value: string): Parsed<string> {
  return EMAIL.test(value) ? { ok: true, value } : { ok: false, error: `"${value}" is not an email address` };
}

export function checkRole(value: string): Parsed<Role> {
  return isRole(value) ? { ok: true, value } : { ok: false, error: `Unknown role "${value}". Use one of: ${ROLES.join(", ")}` };
}
