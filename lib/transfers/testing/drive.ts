import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { transferRequests } from "@/lib/db/schema";
import { submitTransfer, type EngineSettings } from "../server/engine";
import { isEngineDone, type TransferState } from "../states";

/**
 * Test support: drives the engine in logical time, never by waiting. Each round moves `now` past
 * every retry and past the settle horizon, then gives every request not yet done one submission
 * step, until all are done (registered or beyond) or `rounds` ran out. Whatever the machine's
 * speed, the steps and their order are the same.
 */
export async function driveEngine(
  db: Db,
  ids: readonly string[],
  settings: EngineSettings,
  o: { from?: Date; stepMs?: number; rounds?: number } = {},
): Promise<{ states: Map<string, TransferState>; now: Date }> {
  const stepMs = o.stepMs ?? settings.settleHorizonMs + 60 * 60_000;
  let now = o.from ?? new Date();
  for (let round = 0; round < (o.rounds ?? 20); round++) {
    const open = await statesOf(db, ids);
    const pending = ids.filter((id) => !isEngineDone(open.get(id)!));
    if (!pending.length) return { states: open, now };
    for (const id of pending) await submitTransfer(db, id, settings, now);
    now = new Date(now.getTime() + stepMs);
  }
  return { states: await statesOf(db, ids), now };
}

export async function statesOf(db: Db, ids: readonly string[]): Promise<Map<string, TransferState>> {
  const rows = ids.length ? await db.select({ id: transferRequests.id, state: transferRequests.state }).from(transferRequests).where(inArray(transferRequests.id, [...ids])) : [];
  return new Map(rows.map((r) => [r.id, r.state as TransferState]));
}
