import "server-only";
import type { Db } from "@/lib/db";
import type { TransferRequestRow } from "@/lib/db/schema";
import { isEngineDone, isTransferState } from "../states";
import { getTransferRow } from "./store";

const POLL_MS = 50;

/**
 * Waits until the engine is done with a request (or it waits for people, or its outcome is being
 * confirmed with the provider, which takes minutes) or `timeoutMs` passed, reading the store:
 * whichever instance's worker submits it, the answer is in the database.
 */
export async function awaitSettled(db: Db, id: string, timeoutMs: number): Promise<TransferRequestRow | null> {
  const deadline = Date.now() + timeoutMs;
  let row = await getTransferRow(db, id);
  while (row && !settledOrWaiting(row) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    row = await getTransferRow(db, id);
  }
  return row;
}

function settledOrWaiting(row: TransferRequestRow): boolean {
  return row.state === "awaiting_approval" || row.state === "outcome_unknown" || (isTransferState(row.state) && isEngineDone(row.state));
}
