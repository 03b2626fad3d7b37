import "server-only";
import { getEnv } from "@/lib/env";
import type { PasskeyParty } from "./passkey-step-up";
import { passkeyRpId } from "./passkeys";

/** This deployment as a WebAuthn relying party: APP_URL's host and origin. */
export function passkeyParty(appUrl: string = getEnv().appUrl): PasskeyParty {
  return { rpID: passkeyRpId(appUrl), origins: [new URL(appUrl).origin] };
}
