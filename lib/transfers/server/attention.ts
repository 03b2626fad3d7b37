import "server-only";
import { and, eq, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import { announce, lockTransfer } from "./transition";
import type { AttentionReason, Person } from "../types";

/**
 * What needs a person ("Exigem atenção"): money that was not paid (canceled by the provider,
 * refused, given up), a request held before sending, an outcome still being confirmed, a payment the provider holds waiting for
 * an authorization, and one registered but not final after `afterMinutes`. Until a person marks it
 * handled (with a note, audited); a new state change makes it a new question.
 */
const NOT_PAID_OR_UNKNOWN = ["provider_canceled", "refused", "failed", "outcome_unknown", "held"] as const;

/** The SQL condition of "needs attention" at `now`. */
export function attentionCondition(now: Date, afterMinutes: number): SQL {
  const t = transferRequests;
  const late = new Date(now.getTime() - afterMinutes * 60_000);
  return and(
    isNull(t.attentionHandledAt),
    // Implied by the OR below; said at the top so the planner answers from the partial index
    // transfer_requests_attention_idx alone (migration 0024), whatever it guesses of each branch.
    inArray(t.state, [...NOT_PAID_OR_UNKNOWN, "registered"]),
    or(
      inArray(t.state, [...NOT_PAID_OR_UNKNOWN]),
      and(eq(t.state, "registered"), eq(t.providerStatus, "authorization_pending")),
      and(eq(t.state, "registered"), lt(t.registeredAt, late)),
    ),
  )!;
}

/** Why this request needs attention now, or null (the same rule as `attentionCondition`, for one row). */
export function attentionOf(row: TransferRequestRow, now: Date, afterMinutes: number, portal: boolean): AttentionReason | null {
  if (row.attentionHandledAt) return null;
  switch (row.state) {
    case "provider_canceled":
    case "refused":
    case "failed":
    case "outcome_unknown":
    case "held":
      return row.state;
    case "registered":
      if (row.providerStatus === "authorization_pending") return portal ? "authorize_in_portal" : "authorization_pending";
      if (row.registeredAt && row.registeredAt.getTime() < now.getTime() - afterMinutes * 60_000) return "not_final";
      return null;
    default:
      return null;
  }
}

/** A person says what needed attention was handled, and how (audited in the same transaction). */
export async function markHandled(tx: Tx, id: string, person: Person & { ip?: string | null }, note: string, reason: AttentionReason | null, now: Date): Promise<TransferRequestRow> {
  const row = await lockTransfer(tx, id);
  if (!row) throw new ApiError("not_found", "transfers.errors.notFound");
  if (!reason) throw new ApiError("illegal_state", "transfers.errors.noAttention");
  const [updated] = await tx
    .update(transferRequests)
    .set({ attentionHandledAt: now, attentionHandledById: person.id, attentionHandledByEmail: person.email, attentionNote: note })
    .where(eq(transferRequests.id, id))
    .returning();
  await recordAudit(
    {
      actor: person,
      action: "transfer.attention_handled",
      target: row.idempotentId,
      outcome: row.state,
      detail: { transfer_id: id, reason, note, value_cents: row.valueCents },
      ip: person.ip ?? null,
    },
    tx,
  );
  await announce(tx, updated!);
  return updated!;
}
