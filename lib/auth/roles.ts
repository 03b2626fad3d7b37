/**
 * Roles and what each may do. Client-safe: the UI uses `can()` to hide actions a role cannot
 * take, and the server guard (`lib/auth/guard.ts`) uses the same table to refuse them anyway.
 *
 * Not a ladder: an approver reads what support reads and decides on transfer requests, but
 * may not create one; an operator creates them but may not approve. Maker-checker needs the
 * two apart. Admins may do everything.
 */
export const ROLES = ["viewer", "support", "operator", "approver", "admin"] as const;

export type Role = (typeof ROLES)[number];

const READERS = ["viewer", "support", "operator", "approver", "admin"] as const satisfies readonly Role[];
const SUPPORTERS = ["support", "operator", "approver", "admin"] as const satisfies readonly Role[];

/** The roles each permission is granted to. */
export const PERMISSIONS = {
  /** One's own account: language, two-step sign-in. Every signed-in person. */
  account: READERS,
  viewPayments: READERS,
  export: READERS,
  lookup: SUPPORTERS,
  events: SUPPORTERS,
  /** Create transfer requests and batches (the maker). */
  register: ["operator", "admin"],
  /**
   * See transfer requests and batches, read-only unless another permission allows an action:
   * finance (viewers) and support read descriptions, cost centres and who approved.
   */
  viewTransfers: READERS,
  /** Approve or reject transfer requests and batches (the checker). */
  approve: ["approver", "admin"],
  /** What needs attention after sending (not paid, unknown, late): see it counted, mark it handled. */
  handleAttention: ["operator", "admin"],
  /** Alerts (the bell, /alerts): acknowledge and resolve. Operators see those about their own transfers. */
  alerts: ["support", "operator", "approver", "admin"],
  /** Every alert, not only those about one's own transfers (approvers: waiting and expiring approvals are theirs to act on). */
  allAlerts: ["support", "approver", "admin"],
  /** Reconciliation findings: read and resolve. */
  reconciliation: ["support", "admin"],
  audit: ["admin"],
  users: ["admin"],
  /** The company's webhook endpoints (where events go, their signing secrets). */
  webhooks: ["admin"],
  /** The approval policy. */
  policy: ["admin"],
  /** The list of cost centres transfers may name. */
  costCentres: ["admin"],
  /** Confirm or refuse changes another admin asked for (lib/admin-changes): admins, never their own. */
  pendingChanges: ["admin"],
  /** The API reference (GET /api/openapi.json, /api/docs); a service account's token reads it too (lib/auth/service-accounts). */
  apiDocs: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The roles a permission is granted to. */
export function rolesFor(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

/** True when `role` may use `permission`. Unknown roles may do nothing. */
export function can(role: Role, permission: Permission): boolean {
  if (!isRole(role)) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
