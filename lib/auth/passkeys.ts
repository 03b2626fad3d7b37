import "server-only";
import type { PasskeyOptions } from "@better-auth/passkey";
import { APIError } from "better-auth/api";

/**
 * Passkeys (WebAuthn) through Better Auth's passkey plugin. A passkey here stands for two
 * factors at once (the device, and the fingerprint, face or PIN that unlocks it), so user
 * verification is required at every ceremony: registering, signing in and stepping up
 * (passkey-step-up.ts). The plugin asks for it only as "preferred"; these hooks refuse an
 * assertion or a registration whose authenticator did not verify the user.
 *
 * The relying party is APP_URL's host name: a passkey made on https://backoffice.example works
 * there only (the browser enforces it), and 127.0.0.1 cannot hold one (an IP is not a domain).
 */
export const PASSKEY_RP_NAME = "Pix back office";

export function passkeyRpId(baseURL: string): string {
  return new URL(baseURL).hostname;
}

function refuseUnverified(verified: boolean | undefined): void {
  if (!verified) throw new APIError("BAD_REQUEST", { code: "USER_VERIFICATION_REQUIRED", message: "The authenticator did not verify the user (fingerprint, face or PIN)" });
}

export function passkeyOptions(baseURL: string, origins: string[]): PasskeyOptions {
  return {
    rpID: passkeyRpId(baseURL),
    rpName: PASSKEY_RP_NAME,
    origin: origins,
    authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
    registration: {
      afterVerification: async ({ verification }) => {
        refuseUnverified(verification.registrationInfo?.userVerified);
      },
    },
    authentication: {
      afterVerification: async ({ verification }) => {
        refuseUnverified(verification.authenticationInfo.userVerified);
      },
    },
  };
}
