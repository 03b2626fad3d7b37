import "server-only";
import { eq } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Tx } from "@/lib/db";
import { chargeEvents, charges, type ChargeRow } from "@/lib/db/schema";
import { emitEvents } from "@/lib/erp/emit";
import { canChargeTransition, isChargeState, type ChargeState } from "./states";

export type ChargeNote = { key: string; values?: Record<string, string | number> } | null;

type MoveResult = { moved: true; row: ChargeRow; from: ChargeState } | { moved: false; row: ChargeRow | null };

/**
 * THE way a charge changes state: locks the row, leaves it alone unless it is in one of the
 * states the caller expects and the state machine (./states.ts) allows the move, then updates it
 * and appends one timeline event. Two callers racing (a notification and the reconciler, the same
 * notification twice) are serialised by the lock: the second finds the charge moved and does
 * nothing, so a payment is recorded exactly once.
 */
export async function moveCharge(
  tx: Tx,
  id: string,
  to: ChargeState,
  options: { from: readonly ChargeState[]; set?: Omit<PgUpdateSetSource<typeof charges>, "id" | "state">; actorEmail?: string | null; note?: ChargeNote; now?: Date },
): Promise<MoveResult> {
  const row = (await tx.select().from(charges).where(eq(charges.id, id)).for("update"))[0] ?? null;
  if (!row || !isChargeState(row.state)) return { moved: false, row };
  const from = row.state;
  if (!options.from.includes(from) || !canChargeTransition(from, to)) return { moved: false, row };
  const now = options.now ?? new Date();
  const [updated] = await tx
    .update(charges)
    .set({ ...options.set, state: to, updatedAt: now })
    .where(eq(charges.id, id))
    .returning();
  await appendChargeEvent(tx, id, { from, to, actorEmail: options.actorEmail ?? null, note: options.note ?? null, at: now });
  // The ERP hears it in this transaction's commit (the change feed and the company's webhooks).
  await emitEvents(tx, [{ type: `charge.${to}`, subjectId: id, data: chargeEventData(updated!), at: now }]);
  return { moved: true, row: updated!, from };
}

/** A line on a charge's timeline that is not a change of state (a payment after withdrawal). */
export async function appendChargeEvent(
  tx: Tx,
  chargeId: string,
  e: { from: ChargeState | null; to: ChargeState; actorEmail: string | null; note: ChargeNote; at: Date },
): Promise<void> {
  await tx.insert(chargeEvents).values({ chargeId, fromState: e.from, toState: e.to, actorEmail: e.actorEmail, note: e.note, at: e.at });
}

/** Locks a charge for a change that is not a move (recording a payment on a withdrawn charge). */
export async function lockCharge(tx: Tx, id: string): Promise<ChargeRow | null> {
  return (await tx.select().from(charges).where(eq(charges.id, id)).for("update"))[0] ?? null;
}

/** Marks that the provider's record was read (the reconciler reads the least recently checked first). */
export async function markChargeChecked(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(charges).set({ providerCheckedAt: at }).where(eq(charges.id, id));
}

/** What a charge.* event carries: the charge's wire fields an ERP reconciles with (its invoice number, value, state, payment). */
function chargeEventData(row: ChargeRow): Record<string, unknown> {
  return {
    id: row.id,
    external_reference: row.externalReference,
    state: row.state,
    value_cents: row.valueCents,
    due_date: row.dueDate,
    reference_code: row.referenceCode,
    paid_at: row.paidAt?.toISOString() ?? null,
    paid_value_cents: row.paidValueCents,
    end_to_end: row.endToEnd,
  };
}
