import type { Db } from "@/lib/db";

/**
 * One command of `npm run users`: its usage line, the options it takes, how it reads its
 * arguments (pure, tested without a store) and what it does. A new command is one file in
 * `commands/` and one line in `commands/index.ts`; usage, option checks and error handling are
 * shared (`run.ts`).
 */
export type CliIo = {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
};

/** What a command may use while it runs. */
export type CliContext = {
  io: CliIo;
  /** The server's store (DATABASE_URL or the embedded one), opened on first use. */
  db(): Promise<Db>;
  /** The back office's public address (APP_URL), for links. */
  appUrl(): string;
  /** Facts every audit row written by the CLI carries: `{ via: "cli", os_user }`. */
  auditDetail: Record<string, unknown>;
};

/** The arguments after the command's name, split by `splitArgs` against its options. */
export type CliArgs = {
  positional: string[];
  /** Options without a value that were given, e.g. `--password-stdin`. */
  flags: Set<string>;
  /** Options with a value, e.g. `--name "Ana Souza"` (also `--name=Ana`). */
  values: Map<string, string>;
};

export type OptionSpec = { flags?: readonly string[]; values?: readonly string[] };

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export type Command<T> = {
  name: string;
  /** Arguments and options after the name, e.g. `EMAIL ROLE [--name "Full Name"]`. */
  usage: string;
  /** One line: what it does. */
  summary: string;
  options?: OptionSpec;
  parse(args: CliArgs, env: Record<string, string | undefined>): Parsed<T>;
  /** Writes its answer and returns the exit code; refusals throw UserError. */
  run(value: T, ctx: CliContext): Promise<number>;
};

/** A command with its argument type hidden, so different commands share one list. */
export type AnyCommand = Omit<Command<unknown>, "parse" | "run"> & {
  prepare(args: CliArgs, env: Record<string, string | undefined>): Parsed<(ctx: CliContext) => Promise<number>>;
};

export function defineCommand<T>(command: Command<T>): AnyCommand {
  const { parse, run, ...described } = command;
  return {
    ...described,
    prepare(args, env) {
      const parsed = parse(args, env);
      return parsed.ok ? { ok: true, value: (ctx) => run(parsed.value, ctx) } : parsed;
    },
  };
}
