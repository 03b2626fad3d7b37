import "server-only";
import { SET_PASSWORD_PREFIX } from "@/lib/db/users";
import { getAuth } from "./auth";

/**
 * The e-mail of the account a one-time set-password link belongs to, while the link is valid
 * (unused, not expired); null otherwise. The set-password page says at once that a used link is
 * dead, and signs the person in with their new password once it is saved.
 */
export async function setPasswordOwner(token: string): Promise<string | null> {
  const context = await (await getAuth()).$context;
  const verification = await context.internalAdapter.findVerificationValue(`${SET_PASSWORD_PREFIX}${token}`);
  if (!verification || verification.expiresAt.getTime() <= Date.now()) return null;
  const user = await context.internalAdapter.findUserById(verification.value);
  return user?.email ?? null;
}
