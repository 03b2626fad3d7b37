import "@/lib/zod-config";
import { z } from "zod";
import { instantSchema, personSchema } from "@/lib/domain/answer-fields";
import { ROLES } from "@/lib/auth/roles";

/** What the pending-change routes answer (client-safe: /settings/changes reads them with these schemas). */

const roleSchema = z.enum(ROLES);
const policySchema = z.object({ tiers: z.array(z.object({ from_cents: z.number().int(), approvals: z.number().int().nonnegative() })), expiry_hours: z.number().int().positive() });

/** What each kind of change carries: enough to apply it later and to show it now. */
const payloadSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("approval_policy"), proposed: policySchema, in_force: policySchema }),
  z.object({ kind: z.literal("role"), from: roleSchema, to: roleSchema }),
  z.object({ kind: z.literal("new_account"), email: z.string(), name: z.string().nullable(), role: roleSchema }),
  z.object({ kind: z.literal("password_link"), role: roleSchema }),
  z.object({ kind: z.literal("reset_second_factor"), role: roleSchema }),
  z.object({ kind: z.literal("reactivate"), role: roleSchema }),
  z.object({ kind: z.literal("revoke_passkeys"), role: roleSchema }),
  z.object({ kind: z.literal("service_token"), service_account: z.object({ id: z.string(), name: z.string() }), role: roleSchema, expires_in_days: z.number().int().nullable(), rate_per_minute: z.number().int().positive() }),
]);

export const pendingChangeSchema = z
  .object({
    id: z.string(),
    state: z.enum(["pending", "confirmed", "refused", "failed"]),
    change: payloadSchema,
    target_user_id: z.string().nullable(),
    target_email: z.string().nullable(),
    requested_by: personSchema,
    requested_at: instantSchema,
    decided_by: z.string().nullable(),
    decided_at: instantSchema.nullable(),
    /** Why confirming it could not apply it (state `failed`: nothing changed). */
    failure: z.string().nullable(),
    /** The account's last 30 days (role changes, resets, reactivations, who did them), newest first: for changes about an account. */
    account_history: z.array(z.object({ at: instantSchema, action: z.string(), by: z.string().nullable(), detail: z.record(z.string(), z.unknown()) })).optional(),
  })
  .meta({ id: "PendingChange", description: "A change that waits for a second admin." });

/** 202: the change waits for a second admin; nothing changed yet. */
export const pendingChangeAnswer = z.object({ pending_change: pendingChangeSchema }).meta({ id: "PendingChangeAnswer" });

/** GET /api/admin/pending-changes: those waiting (oldest first) and the latest decided. */
export const pendingChangesAnswer = z.object({ pending: z.array(pendingChangeSchema), decided: z.array(pendingChangeSchema) }).meta({ id: "PendingChangeList" });

/** POST .../confirm: the change, and what confirming it produced, shown once to the confirmer (a set-password link, a token). */
export const confirmedChangeAnswer = z.object({
  pending_change: pendingChangeSchema,
  set_password_url: z.string().optional(),
  link_hours: z.number().int().positive().optional(),
  token: z.object({ id: z.string(), value: z.string(), expires_at: instantSchema.nullable(), rate_per_minute: z.number().int().positive() }).optional(),
}).meta({ id: "ConfirmedChange" });
