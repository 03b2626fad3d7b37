import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { SERVICE_TOKEN_PREFIX } from "./ids";

/** A new token: `pixbo_` and 32 random bytes (base64url). Only its hash is stored. */
export function newTokenValue(): string {
  return `${SERVICE_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** SHA-256 (hex) of a token: what the store keeps and looks up. A random 32-byte secret needs no slow hash. */
export function hashToken(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** The first characters people see to tell tokens apart ("pixbo_AbC1…"). */
export function tokenPrefix(value: string): string {
  return value.slice(0, SERVICE_TOKEN_PREFIX.length + 4);
}
