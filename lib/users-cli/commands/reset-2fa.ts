import { changeUser } from "@/lib/db/users-admin";
import { findUserByEmail, normalizeEmail, UserError } from "@/lib/db/users";
import { checkEmail, expectPositional } from "../args";
import { defineCommand, type Command } from "../command";

/**
 * `reset-2fa EMAIL`: removes an account's second factor and ends its sessions; it enrols again at
 * its next sign-in. For a lost phone when no other admin can do it on /users, and after
 * AUTH_SECRET changed (it encrypts the authenticator keys).
 */
export const resetSecondFactor: Command<{ email: string }> = {
  name: "reset-2fa",
  usage: "EMAIL",
  summary: "remove an account's two-step sign-in and end its sessions (it sets it up again at its next sign-in)",
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
    const { endedSessions } = await changeUser(user.id, { resetSecondFactor: true }, { db, auditDetail: ctx.auditDetail });
    ctx.io.stdout.write(`Two-step sign-in of ${user.email} was reset (${endedSessions} session(s) ended). They set it up again at their next sign-in.\n`);
    return 0;
  },
};

export const resetSecondFactorCommand = defineCommand(resetSecondFactor);
