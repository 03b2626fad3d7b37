import { getEnv } from "@/lib/env";
import type { Role } from "./roles";

/**
 * Who must use a second factor: the roles that can move money or change who can (operators,
 * approvers, admins), whenever REQUIRE_2FA holds (on by default outside sandbox mode; in sandbox
 * mode the demo accounts may enrol but need not, unless REQUIRE_2FA=true).
 */
const SECOND_FACTOR_ROLES: readonly Role[] = ["operator", "approver", "admin"];

export function secondFactorRequired(role: Role, require2fa: boolean = getEnv().require2fa): boolean {
  return require2fa && SECOND_FACTOR_ROLES.includes(role);
}

/** The page where a user sets up (or looks at) their second factor. */
export const SECURITY_PAGE = "/settings/security";
