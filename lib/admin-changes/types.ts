import type { Role } from "@/lib/auth/roles";
import type { ApprovalPolicy } from "@/lib/transfers/policy";

/** Client-safe shapes of the changes waiting for a second admin (GET /api/admin/pending-changes). */
export const PENDING_CHANGE_KINDS = ["approval_policy", "role", "new_account", "password_link", "reset_second_factor", "reactivate", "service_token", "revoke_passkeys"] as const;
export type PendingChangeKind = (typeof PENDING_CHANGE_KINDS)[number];
/** `failed`: confirmed when it could no longer apply (the e-mail taken meanwhile, the account gone): nothing changed. */
export type PendingChangeState = "pending" | "confirmed" | "refused" | "failed";

/** What each kind carries: enough to apply it later and to show it now. */
export type PendingChangePayload =
  | { kind: "approval_policy"; proposed: ApprovalPolicy; in_force: ApprovalPolicy }
  | { kind: "role"; from: Role; to: Role }
  | { kind: "new_account"; email: string; name: string | null; role: Role }
  | { kind: "password_link"; role: Role }
  | { kind: "reset_second_factor"; role: Role }
  /** A deactivated account that held a money role in the last 30 days, active again. */
  | { kind: "reactivate"; role: Role }
  /** Every passkey of an account holding a money role taken away (its sessions ended too). */
  | { kind: "revoke_passkeys"; role: Role }
  /** A token for a service account whose role may create transfers (shown once, to the confirming admin). */
  | { kind: "service_token"; service_account: { id: string; name: string }; role: Role; expires_in_days: number | null; rate_per_minute: number };

export type PendingChangeView = {
  id: string;
  state: PendingChangeState;
  change: PendingChangePayload;
  target_user_id: string | null;
  target_email: string | null;
  requested_by: { id: string; email: string };
  requested_at: string;
  decided_by: string | null;
  decided_at: string | null;
  /** Why confirming it could not apply it (state `failed`). */
  failure: string | null;
  /**
   * What happened to the account lately (role changes, resets, reactivations, and who did them),
   * newest first: a grant that looks like restoring a colleague may follow a demotion and a reset.
   */
  account_history?: AccountEvent[];
};

export type AccountEvent = { at: string; action: string; by: string | null; detail: Record<string, unknown> };

/** POST .../confirm: the change, and what confirming it produced (a one-time link is shown once, to the confirmer). */
export type ConfirmedChange = {
  pending_change: PendingChangeView;
  set_password_url?: string;
  link_hours?: number;
  token?: { id: string; value: string; expires_at: string | null; rate_per_minute: number };
};
