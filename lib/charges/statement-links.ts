import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { charges } from "@/lib/db/schema";

/** What the statement shows of the charge behind a paid QR code: where to open it and our invoice number. */
export type ChargeLink = { id: string; external_reference: string };

/**
 * Our charges among the provider's QR codes, by reference code (one query per statement page).
 * The statement reads money in from the provider's own list, where a paid charge already is: it
 * is linked to its charge here, never added a second time.
 */
export async function chargesOfQrcodes(db: Db, referenceCodes: readonly string[]): Promise<Map<string, ChargeLink>> {
  const codes = [...new Set(referenceCodes.filter(Boolean))];
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: charges.id, externalReference: charges.externalReference, referenceCode: charges.referenceCode })
    .from(charges)
    .where(inArray(charges.referenceCode, codes));
  return new Map(rows.map((r) => [r.referenceCode!, { id: r.id, external_reference: r.externalReference }]));
}
