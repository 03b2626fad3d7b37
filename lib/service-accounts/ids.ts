/**
 * How a service account shows where a person would (client-safe): its id carries a prefix no
 * person's id has, so every rule that must tell them apart (a service account never approves)
 * reads it from the id alone; its "email" on records is its name, marked as a program's.
 */
export const SERVICE_ACCOUNT_ID_PREFIX = "sa_";
/** The roles a service account may have: never approver or admin. */
export const SERVICE_ACCOUNT_ROLES = ["viewer", "support", "operator"] as const;
export type ServiceAccountRole = (typeof SERVICE_ACCOUNT_ROLES)[number];
/** Tokens start with this, so a leaked one is recognised (secret scanners, logs). */
export const SERVICE_TOKEN_PREFIX = "pixbo_";
/** Requests a token may make per minute unless its issuer chose otherwise. */
export const DEFAULT_TOKEN_RATE_PER_MINUTE = 120;

export function isServiceAccountId(id: string): boolean {
  return id.startsWith(SERVICE_ACCOUNT_ID_PREFIX);
}

/** The label a service account's actions carry where a person's e-mail would be. */
export function serviceAccountLabel(name: string): string {
  return `service:${name}`;
}
