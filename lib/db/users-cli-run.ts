import "server-only";
import { userInfo } from "node:os";
import { ConfigError } from "@/lib/env";
import { translator } from "@/lib/i18n/server";
import { closeDb, getDb } from "./index";
import { StoreInUseError } from "./pglite-lock";
import { confirmPendingChange, listPendingChanges, PendingChangeError, refusePendingChange } from "@/lib/admin-changes/service";
import type { PendingChangeView } from "@/lib/admin-changes/types";
import { getEnv } from "@/lib/env";
import { formatBRL } from "@/lib/pix/money";
import type { ApprovalPolicy } from "@/lib/transfers/policy";
import { parseUsersArgs, USERS_USAGE, type PasswordSource } from "./users-cli-args";
import { createUser, listUsers, setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS, UserError } from "./users";
import { setUserRole } from "./users-admin";

export type CliIo = {
  stdin: NodeJS.ReadStream;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
};

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  return text.replace(/\r?\n$/, "");
}

/** Reads a line without echoing it (the terminal is put in raw mode meanwhile). */
function promptHidden(io: CliIo, question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = io.stdin;
    io.stdout.write(question);
    input.setRawMode?.(true);
    input.resume();
    input.setEncoding("utf8");
    let value = "";
    const done = (error?: Error) => {
      input.setRawMode?.(false);
      input.pause();
      input.removeListener("data", onData);
      io.stdout.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done();
        if (ch === "\u0003") return done(new UserError("Cancelled"));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else if (ch >= " ") value += ch;
      }
    };
    input.on("data", onData);
  });
}

async function readPassword(source: PasswordSource, io: CliIo): Promise<string> {
  if (source === "stdin") return readAll(io.stdin);
  if (source === "env") return io.env.USER_PASSWORD ?? "";
  const first = await promptHidden(io, "Password: ");
  const second = await promptHidden(io, "Repeat the password: ");
  if (first !== second) throw new UserError("The two passwords differ; nothing was changed");
  return first;
}

function osUser(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    return undefined;
  }
}

/** A pending change in one line of plain English (operators' shells). */
function describeChange(c: PendingChangeView): string {
  const tiers = (p: ApprovalPolicy) => `${p.tiers.map((t) => `from ${formatBRL(t.from_cents)}: ${t.approvals}`).join(", ")}; expiry ${p.expiry_hours} h`;
  const what = c.change;
  switch (what.kind) {
    case "approval_policy":
      return `approval policy -> ${tiers(what.proposed)} (in force: ${tiers(what.in_force)})`;
    case "role":
      return `role of ${c.target_email}: ${what.from} -> ${what.to}`;
    case "new_account":
      return `new account ${what.email} as ${what.role}`;
    case "password_link":
      return `set-password link for ${c.target_email} (${what.role})`;
    case "reset_second_factor":
      return `reset the second factor of ${c.target_email} (${what.role})`;
  }
}

/** Runs one `npm run users` command; returns the process exit code. */
export async function runUsersCli(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseUsersArgs(argv, io.env, Boolean(io.stdin.isTTY));
  if (!parsed.ok) {
    io.stderr.write(`Error: ${parsed.error}\n\nRun "npm run users -- help" for usage.\n`);
    return 2;
  }
  const { command } = parsed;
  if (command.kind === "help") {
    io.stdout.write(`${USERS_USAGE}\n`);
    return 0;
  }
  const auditDetail = { via: "cli", os_user: osUser() };
  try {
    if (command.kind === "list") {
      const users = await listUsers(await getDb());
      if (!users.length) io.stdout.write("No users yet. Add one with: npm run users -- add EMAIL ROLE\n");
      for (const u of users) {
        io.stdout.write(`${u.email.padEnd(36)} ${u.role.padEnd(9)} created ${u.createdAt.toISOString()}\n`);
      }
      return 0;
    }
    if (command.kind === "pending") {
      const { pending } = await listPendingChanges(await getDb());
      if (!pending.length) io.stdout.write("No change is waiting for a second admin.\n");
      for (const c of pending) {
        io.stdout.write(`${c.id}  ${describeChange(c)}\n    asked by ${c.requested_by.email} at ${c.requested_at}\n`);
      }
      return 0;
    }
    if (command.kind === "confirm" || command.kind === "refuse") {
      const ctx = { db: await getDb(), via: "cli" as const, defaultExpiryHours: getEnv().approvalExpiryHours };
      const decider = { kind: "cli" as const, osUser: osUser() };
      if (command.kind === "refuse") {
        const refused = await refusePendingChange(ctx, command.id, decider);
        io.stdout.write(`Refused: ${describeChange(refused)}. Nothing was changed.\n`);
        return 0;
      }
      const done = await confirmPendingChange(ctx, command.id, decider);
      io.stdout.write(`Confirmed and applied: ${describeChange(done.change)}.\n`);
      if (done.token) {
        io.stdout.write(`One-time set-password link (valid ${SET_PASSWORD_LINK_TTL_HOURS} h, shown only now): ${setPasswordUrl(getEnv().appUrl, done.token)}\n`);
      }
      return 0;
    }
    if (command.kind === "add") {
      const password = await readPassword(command.password, io);
      const user = await createUser(
        { email: command.email, role: command.role, password, name: command.name },
        { db: await getDb(), auditDetail },
      );
      // The CLI speaks English (operators' shells): the role's English name from the glossary.
      const roleName = translator("en")(`glossary.roles.${user.role}`);
      io.stdout.write(`Created ${roleName} account ${user.email}. They can sign in at /login.\n`);
      return 0;
    }
    const { user, previous } = await setUserRole(command.email, command.role, { db: await getDb(), auditDetail });
    io.stdout.write(
      previous === user.role
        ? `${user.email} already has the role ${user.role}; nothing changed.\n`
        : `Changed the role of ${user.email} from ${previous} to ${user.role}. It applies on their next request.\n`,
    );
    return 0;
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
