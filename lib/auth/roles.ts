/**
 * Roles and what each may do. Client-safe: the UI uses `can()` to hide actions a role cannot
 * take, and the server guard (`lib/auth/guard.ts`) uses the same table to refuse them anyway.
 *
 * Roles are ordered: each one may do everything the roles before it may do.
 */
export const ROLES = ["viewer", "support", "operator", "admin"] as const;

export type Role = (typeof ROLES)[number];

/** The minimum role each permission needs. */
export const PERMISSIONS = {
  viewPayments: "viewer",
  export: "viewer",
  lookup: "support",
  events: "support",
  register: "operator",
  audit: "admin",
  users: "admin",
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export const ROLE_LABELS: Record<Role, string> = {
  viewer: "Viewer (finance)",
  support: "Support",
  operator: "Operator",
  admin: "Admin",
};

/** What each permission lets a user do, worded for "Your role may not ..." messages. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  viewPayments: "view payments",
  export: "export payments",
  lookup: "look payments up",
  events: "see the webhook event log",
  register: "register transfers",
  audit: "see the audit log",
  users: "manage users",
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

/** The minimum role a permission needs. */
export function requiredRole(permission: Permission): Role {
  return PERMISSIONS[permission];
}

/** True when `role` may use `permission`. Unknown roles may do nothing. */
export function can(role: Role, permission: Permission): boolean {
  if (!isRole(role)) return false;
  return roleRank(role) >= roleRank(PERMISSIONS[permission]);
}
