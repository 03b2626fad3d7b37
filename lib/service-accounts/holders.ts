import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db";
import { credentialHolders } from "@/lib/db/schema";
import type { TokenHolder } from "./service";

/** Appends who can act through a token of this account (lib/transfers/server/who-decides.ts reads them). */
export async function recordHolders(tx: Tx, accountId: string, tokenId: string, holders: readonly TokenHolder[], now: Date): Promise<void> {
  if (!holders.length) return;
  await tx.insert(credentialHolders).values(
    holders.map((h) => ({ id: randomUUID(), serviceAccountId: accountId, tokenId, personId: h.person.id, personEmail: h.person.email, how: h.how, at: now })),
  );
}
