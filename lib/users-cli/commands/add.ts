import type { Role } from "@/lib/auth/roles";
import { createUser, inviteUser, setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS } from "@/lib/db/users";
import { checkEmail, checkRole, expectPositional } from "../args";
import { defineCommand, type CliIo, type Command } from "../command";
import { readAll } from "../io";

type AddInput = { email: string; role: Role; name?: string; password: "link" | "stdin" | "env" };

/**
 * `add EMAIL ROLE`: by default the account has no password yet and the command prints its
 * one-time set-password link, as the /users page does (nothing secret in the shell's history).
 * Scripts may give the password instead, piped or in USER_PASSWORD.
 */
export const add: Command<AddInput> = {
  name: "add",
  usage: `EMAIL ROLE [--name "Full Name"] [--password-stdin]`,
  summary: "create an account and print its one-time link to set the password",
  options: { flags: ["--password-stdin"], values: ["--name"] },
  parse(args, env) {
    const given = expectPositional(args, ["EMAIL", "ROLE"]);
    if (!given.ok) return given;
    const [emailArg, roleArg] = given.value as [string, string];
    const email = checkEmail(emailArg);
    if (!email.ok) return email;
    const role = checkRole(roleArg);
    if (!role.ok) return role;
    const name = args.values.get("--name");
    const password = args.flags.has("--password-stdin") ? "stdin" : env.USER_PASSWORD ? "env" : "link";
    return { ok: true, value: { email: email.value, role: role.value, password, ...(name ? { name } : {}) } };
  },
  async run(input, ctx) {
    const options = { db: await ctx.db(), auditDetail: ctx.auditDetail };
    const account = { email: input.email, role: input.role, name: input.name };
    if (input.password === "link") {
      const { user, token } = await inviteUser(account, options);
      ctx.io.stdout.write(
        `Created the ${user.role} account ${user.email}.\n` +
          `Open this one-time link within ${SET_PASSWORD_LINK_TTL_HOURS} hours to set its password:\n` +
          `  ${setPasswordUrl(ctx.appUrl(), token)}\n`,
      );
      return 0;
    }
    const password = await readPassword(input.password, ctx.io);
    const user = await createUser({ ...account, password }, options);
    ctx.io.stdout.write(`Created the ${user.role} account ${user.email}. It can sign in at ${new URL("/login", ctx.appUrl())}\n`);
    return 0;
  },
};

function readPassword(source: "stdin" | "env", io: CliIo): Promise<string> {
  return source === "stdin" ? readAll(io.stdin) : Promise.resolve(io.env.USER_PASSWORD ?? "");
}

export const addCommand = defineCommand(add);
