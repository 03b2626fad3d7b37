import { listUsers } from "@/lib/db/users";
import { expectPositional } from "../args";
import { defineCommand, type Command } from "../command";

/** `list`: every account, one line each. */
export const list: Command<null> = {
  name: "list",
  usage: "",
  summary: "list every account with its role, status and second factor",
  parse(args) {
    const given = expectPositional(args, []);
    return given.ok ? { ok: true, value: null } : given;
  },
  async run(_input, ctx) {
    const users = await listUsers(await ctx.db());
    if (!users.length) ctx.io.stdout.write("No users yet. Add the first admin with: npm run users -- add EMAIL admin\n");
    for (const u of users) {
      const status = u.deactivatedAt ? "deactivated" : "active";
      const secondFactor = u.twoFactorEnabled ? "2fa-on" : "2fa-off";
      ctx.io.stdout.write(`${u.email.padEnd(36)} ${u.role.padEnd(9)} ${status.padEnd(11)} ${secondFactor.padEnd(7)} created ${u.createdAt.toISOString()}\n`);
    }
    return 0;
  },
};

export const listCommand = defineCommand(list);
