import type { Role } from "@/lib/auth/roles";
import { setUserRole } from "@/lib/db/users";
import { checkEmail, checkRole, expectPositional } from "../args";
import { defineCommand, type Command } from "../command";

/** `role EMAIL ROLE`: changes an account's role (audited as user.role_change). */
export const role: Command<{ email: string; role: Role }> = {
  name: "role",
  usage: "EMAIL ROLE",
  summary: "change an account's role",
  parse(args) {
    const given = expectPositional(args, ["EMAIL", "ROLE"]);
    if (!given.ok) return given;
    const [emailArg, roleArg] = given.value as [string, string];
    const email = checkEmail(emailArg);
    if (!email.ok) return email;
    const role = checkRole(roleArg);
    return role.ok ? { ok: true, value: { email: email.value, role: role.value } } : role;
  },
  async run(input, ctx) {
    const { user, previous } = await setUserRole(input.email, input.role, { db: await ctx.db(), auditDetail: ctx.auditDetail });
    ctx.io.stdout.write(
      previous === user.role
        ? `${user.email} already has the role ${user.role}; nothing changed.\n`
        : `Changed the role of ${user.email} from ${previous} to ${user.role}. It applies on their next request.\n`,
    );
    return 0;
  },
};

export const roleCommand = defineCommand(role);
