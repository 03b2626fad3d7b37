import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Changes that weaken money controls, waiting for a second admin (lib/admin-changes): a looser
 * approval policy, a role that may create or approve transfers, a set-password link or a
 * second-factor reset for such an account. Nothing of the change happens until another admin
 * (or the server's command line) confirms it; the row keeps who asked, who decided and when.
 */
export const pendingChanges = pgTable(
  "pending_changes",
  {
    id: text("id").primaryKey(),
    /** PendingChangeKind (lib/admin-changes/types.ts). */
    kind: text("kind").notNull(),
    /** The change itself: the proposed policy and the one in force when asked, a role, a new account. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** The account it is about (null for the policy and for an account not created yet). */
    targetUserId: text("target_user_id"),
    targetEmail: text("target_email"),
    requestedById: text("requested_by_id").notNull(),
    requestedByEmail: text("requested_by_email").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** "pending" | "confirmed" | "refused" | "failed" (confirmed when it could no longer apply: `failure`). */
    state: text("state").notNull().default("pending"),
    failure: text("failure"),
    decidedById: text("decided_by_id"),
    /** The admin's email, or "command line (os user)" for a decision taken with `npm run users`. */
    decidedByEmail: text("decided_by_email"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [index("pending_changes_state_idx").on(t.state, t.requestedAt)],
);

export type PendingChangeRow = typeof pendingChanges.$inferSelect;
