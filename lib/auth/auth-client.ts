import { createAuthClient } from "better-auth/react";

/**
 * Better Auth's browser client: same-origin calls to /api/auth/* (sign-in, sign-out). Roles
 * and permissions are not read from here; server pages pass the user down.
 */
export const authClient = createAuthClient();
