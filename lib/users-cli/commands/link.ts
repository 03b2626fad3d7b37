import { changeUser } from "@/lib/db/users-admin";
import { findUserByEmail, normalizeEmail, setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS, UserError } from "@/lib/db/users";
import { checkEmail, expectPositional } from "../args";
import { defineCommand, type Command } from "../command";

/** `link EMAIL`: a new one-time set-password link (an expired first link, a forgotten password). */
export const link: Command<{ email: string }> = {
  name: "link",
  usage: "EMAIL",
  summary: "print a new one-time link to set an account's password (the earlier link stops working)",
  parse(args) {
    const given = expectPositional(args, ["EMAIL"]);
    if (!given.ok) return given;
    const email = checkEmail(given.value[0] as string);
    return email.ok ? { ok: true, value: { email: email.value } } : email;
  },
  async run(input, ctx) {
    const db = await ctx.db();
    const user = await findUserByEmail(input.email, db);
    if (!user) throw new UserError(`No user with email ${normalizeEmail(input.email)}`, "not_found");
    const { token } = await changeUser(user.id, { newPasswordLink: true }, { db, auditDetail: ctx.auditDetail });
    if (!token) throw new UserError(`No link was issued for ${user.email}`);
    ctx.io.stdout.write(
      `Open this one-time link within ${SET_PASSWORD_LINK_TTL_HOURS} hours to set the password of ${user.email}:\n` +
        `  ${setPasswordUrl(ctx.appUrl(), token)}\n`,
    );
    return 0;
  },
};

export const linkCommand = defineCommand(link);
