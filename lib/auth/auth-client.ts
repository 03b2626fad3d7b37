import { createAuthClient } from "better-auth/react";
import { twoFactorClient } from "better-auth/client/plugins";
import { passkeyClient } from "@better-auth/passkey/client";

/**
 * Better Auth's browser client: same-origin calls to /api/auth/* (sign-in, the code step,
 * second-factor enrolment, passkeys, set-password, sign-out). Roles and permissions are not read from
 * here; server pages pass the user down. The sign-in form handles `twoFactorRedirect` itself.
 */
export const authClient = createAuthClient({ plugins: [twoFactorClient(), passkeyClient()] });
