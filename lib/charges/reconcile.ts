import "server-only";
import type { Db } from "@/lib/db";
import { logLine } from "@/lib/http/logger";
import { getQrcodeByReference } from "@/lib/payments-api";
import { followQrcode, type FollowResult } from "./service";
import { chargesToReadBack } from "./store";

/** Charges read back per run: the reconciler runs every minute, the oldest checks first. */
export const CHARGE_READBACKS_PER_RUN = 50;

/**
 * The charges' half of the reconciler: charges still awaiting payment are read back from the
 * provider, so a payment whose notification was lost is recorded all the same, and a code the
 * provider let expire (its expiration_time, the end of the due day) is marked expired. A charge
 * the provider cannot be read for stays as it is and is tried again on a later run.
 */
export async function reconcileCharges(db: Db, now = new Date(), limit = CHARGE_READBACKS_PER_RUN): Promise<Record<FollowResult | "unreadable", number>> {
  const counts: Record<FollowResult | "unreadable", number> = { paid: 0, paid_after_withdrawal: 0, expired: 0, error: 0, unchanged: 0, unknown: 0, unreadable: 0 };
  for (const row of await chargesToReadBack(db, now, limit)) {
    try {
      const q = await getQrcodeByReference(row.referenceCode!);
      counts[await db.transaction((tx) => followQrcode(tx, q, "reconciler", now))]++;
    } catch (error) {
      counts.unreadable++;
      logLine("warn", "a charge could not be read back from the provider", { charge_id: row.id, error: String(error) });
    }
  }
  return counts;
}
