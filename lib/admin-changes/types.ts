import type { Role } from "@/lib/auth/roles";
import type { ApprovalPolicy } from "@/lib/transfers/policy";

/** Client-safe shapes of the changes waiting for a second admin (GET /api/admin/pending-changes). */
export const PENDING_CHANGE_KINDS = ["approval_policy", "role", "new_account", "password_link", "reset_second_factor", "service_token", "revoke_passkeys"] as const;
export type PendingChangeKind = (typeof PENDING_CHANGE_KINDS)[number];
export type PendingChangeState = "pending" | "confirmed" | "refused";

/** What each kind carries: enough to apply it later and to show it now. */
export type PendingChangePayload =
  | { kind: "approval_policy"; proposed: ApprovalPolicy; in_force: ApprovalPolicy }
  | { kind: "role"; from: Role; to: Role }
  | { kind: "new_account"; email: string; name: string | null; role: Role }
  | { kind: "password_link"; role: Role }
  | { kind: "reset_second_factor"; role: Role }
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
};

/** POST .../confirm: the change, and what confirming it produced (a one-time link is shown once, to the confirmer). */
export type ConfirmedChange = {
  pending_change: PendingChangeView;
  set_password_url?: string;
  link_hours?: number;
  token?: { id: string; value: string; expires_at: string | null; rate_per_minute: number };
};
