import "server-only";
import type { Db } from "@/lib/db";
import type { CashItem } from "./projection";

/**
 * What is expected in: charges awaiting payment, on their due day (an overdue one today).
 * The store has no charges yet (they land with "money coming in"): until then nothing is due.
 */
export async function incomingItems(_db: Db, _today: string, _lastDay: string): Promise<CashItem[]> {
  return [];
}
