import { confirmPendingChange, listPendingChanges, refusePendingChange } from "@/lib/admin-changes/service";
import type { PendingChangeView } from "@/lib/admin-changes/types";
import { setPasswordUrl, SET_PASSWORD_LINK_TTL_HOURS } from "@/lib/db/users";
import { getEnv } from "@/lib/env";
import { formatBRL } from "@/lib/pix/money";
import type { ApprovalPolicy } from "@/lib/transfers/policy";
import { expectPositional } from "../args";
import { defineCommand, type CliContext, type Command } from "../command";

/**
 * The changes that weaken money controls wait for a second admin (lib/admin-changes). A
 * deployment with a single admin confirms them here: whoever can run this on the server is the
 * second person. Every decision is audited with `via: "cli"` and the OS user.
 */

/** A pending change in one line of plain English (operators' shells). */
export function describeChange(c: PendingChangeView): string {
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
    case "reactivate":
      return `reactivate ${c.target_email} (${what.role})`;
    case "revoke_passkeys":
      return `revoke the passkeys of ${c.target_email} (${what.role})`;
    case "service_token":
      return `a token for the service account "${what.service_account.name}" (${what.role})`;
  }
}

/** `pending`: the changes waiting for a second admin. */
const pending: Command<null> = {
  name: "pending",
  usage: "",
  summary: "list the changes that weaken money controls and wait for a second admin",
  parse(args) {
    const given = expectPositional(args, []);
    return given.ok ? { ok: true, value: null } : given;
  },
  async run(_input, ctx) {
    const { pending: waiting } = await listPendingChanges(await ctx.db());
    if (!waiting.length) ctx.io.stdout.write("No change is waiting for a second admin.\n");
    for (const c of waiting) ctx.io.stdout.write(`${c.id}  ${describeChange(c)}\n    asked by ${c.requested_by.email} at ${c.requested_at}\n`);
    return 0;
  },
};

async function decide(kind: "confirm" | "refuse", id: string, ctx: CliContext): Promise<number> {
  const decision = { db: await ctx.db(), via: "cli" as const, defaultExpiryHours: getEnv().approvalExpiryHours };
  const osUser = ctx.auditDetail.os_user;
  const decider = { kind: "cli" as const, osUser: typeof osUser === "string" ? osUser : undefined };
  if (kind === "refuse") {
    const refused = await refusePendingChange(decision, id, decider);
    ctx.io.stdout.write(`Refused: ${describeChange(refused)}. Nothing was changed.\n`);
    return 0;
  }
  const done = await confirmPendingChange(decision, id, decider);
  ctx.io.stdout.write(`Confirmed and applied: ${describeChange(done.change)}.\n`);
  if (done.token) {
    ctx.io.stdout.write(`One-time set-password link (valid ${SET_PASSWORD_LINK_TTL_HOURS} h, shown only now): ${setPasswordUrl(ctx.appUrl(), done.token)}\n`);
  }
  if (done.serviceToken) {
    ctx.io.stdout.write(`Token (shown only now; give it to the program, it is not kept): ${done.serviceToken.value}\n`);
  }
  return 0;
}

const byId = (name: "confirm" | "refuse", summary: string): Command<{ id: string }> => ({
  name,
  usage: "ID",
  summary,
  parse(args) {
    const given = expectPositional(args, ["ID"]);
    return given.ok ? { ok: true, value: { id: given.value[0] as string } } : given;
  },
  run: (input, ctx) => decide(name, input.id, ctx),
});

export const pendingCommand = defineCommand(pending);
export const confirmCommand = defineCommand(byId("confirm", "apply a waiting change (the second person's decision)"));
export const refuseCommand = defineCommand(byId("refuse", "drop a waiting change; nothing is changed"));
