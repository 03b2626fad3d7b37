import { createHash } from "node:crypto";
import type { RegisterTransfer } from "@/lib/contract";

/**
 * The registration body as stored and sent: the parsed transfer with its keys in a fixed order
 * and empty optional fields left out, so that two submissions of the same transfer have the same
 * bytes and the same hash, however the client ordered its JSON.
 */
export function canonicalBody(transfer: RegisterTransfer): Record<string, unknown> {
  const entries = Object.entries(transfer).filter(([, v]) => v !== undefined && v !== null && v !== "");
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** sha256 of the canonical body: a repeat with the same idempotent_id must carry the same transfer. */
export function bodyHash(transfer: RegisterTransfer): string {
  return createHash("sha256").update(JSON.stringify(canonicalBody(transfer))).digest("hex");
}
