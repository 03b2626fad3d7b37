import "server-only";
import { and, eq, gt } from "drizzle-orm";
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { Db } from "@/lib/db";
import { authVerification } from "@/lib/db/schema/auth";
import { authPasskey } from "@/lib/db/schema/devices";

/**
 * Step-up with a passkey, on the session in hand. Better Auth's passkey sign-in makes a NEW
 * session; a step-up must prove the person again on THIS one, so the ceremony is run here with
 * the same library the plugin uses (SimpleWebAuthn) and the same stored passkeys: a challenge
 * bound to the session (kept in Better Auth's verification table, 5 minutes, used once), the
 * assertion checked against one of the session user's own passkeys, user verification required,
 * the signature counter moved on.
 */
const CHALLENGE_TTL_MS = 5 * 60_000;
const identifierOf = (sessionId: string) => `step-up-passkey:${sessionId}`;

export type PasskeyParty = { rpID: string; origins: string[] };
type Person = { id: string; sessionId: string };

/** The options for the browser's navigator.credentials.get(), or null when the user holds no passkey. */
export async function passkeyStepUpOptions(db: Db, user: Person, party: PasskeyParty, now: Date = new Date()): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const keys = await db.select({ credentialID: authPasskey.credentialID, transports: authPasskey.transports }).from(authPasskey).where(eq(authPasskey.userId, user.id));
  if (!keys.length) return null;
  const options = await generateAuthenticationOptions({
    rpID: party.rpID,
    userVerification: "required",
    allowCredentials: keys.map((k) => ({ id: k.credentialID, transports: k.transports ? (k.transports.split(",") as AuthenticatorTransportFuture[]) : undefined })),
  });
  const identifier = identifierOf(user.sessionId);
  await db.transaction(async (tx) => {
    await tx.delete(authVerification).where(eq(authVerification.identifier, identifier));
    await tx.insert(authVerification).values({
      id: crypto.randomUUID(),
      identifier,
      value: options.challenge,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
  });
  return options;
}

/** True when the assertion is this user's, made on this session's challenge, with the user verified. */
export async function verifyPasskeyStepUp(db: Db, user: Person, response: AuthenticationResponseJSON, party: PasskeyParty, now: Date = new Date()): Promise<boolean> {
  const [challenge] = await db
    .delete(authVerification)
    .where(and(eq(authVerification.identifier, identifierOf(user.sessionId)), gt(authVerification.expiresAt, now)))
    .returning({ value: authVerification.value });
  if (!challenge || typeof response?.id !== "string") return false;
  const [key] = await db
    .select()
    .from(authPasskey)
    .where(and(eq(authPasskey.credentialID, response.id), eq(authPasskey.userId, user.id)));
  if (!key) return false;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.value,
      expectedOrigin: party.origins,
      expectedRPID: party.rpID,
      credential: { id: key.credentialID, publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64")), counter: key.counter },
      requireUserVerification: true,
    });
    if (!verified || !authenticationInfo.userVerified) return false;
    await db.update(authPasskey).set({ counter: authenticationInfo.newCounter }).where(eq(authPasskey.id, key.id));
    return true;
  } catch {
    // A malformed answer, a wrong signature, a counter gone back (a cloned key): not proven.
    return false;
  }
}
