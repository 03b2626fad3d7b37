import "server-only";
import { eq } from "drizzle-orm";
import type { PaymentListItem } from "@/lib/contract";
import type { Tx } from "@/lib/db";
import { recordAudit } from "@/lib/db/audit";
import { transferRequests, type TransferRequestRow } from "@/lib/db/schema";
import { announce, lockTransfer, moveTransfer } from "./transition";

/** What moved a request along: a provider notification (read back), the reconciler, or the engine's own read-back. */
export type FollowSource = "webhook" | "reconciler" | "engine";

type FollowResult = "paid" | "provider_canceled" | "updated" | "unchanged" | "not_ours";

const when = (text: string | null | undefined) => (text ? new Date(text) : null);

/**
 * A registered request follows its payment at the provider to the end: the provider's
 * `completed` makes it `paid` (end_to_end and payment date recorded), `canceled` makes it
 * `provider_canceled` (reason and date recorded); any other status is kept as `provider_status`
 * while the request stays `registered`. `payment` is always the provider's own record (a webhook
 * is read back before it gets here), so this is never moved by what a stranger claims. Each move
 * is audited in the same transaction and announced on commit.
 */
export async function followPayment(tx: Tx, payment: PaymentListItem, source: FollowSource, now = new Date()): Promise<FollowResult> {
  const [found] = await tx
    .select({ id: transferRequests.id })
    .from(transferRequests)
    .where(eq(transferRequests.idempotentId, payment.idempotent_id))
    .limit(1);
  if (!found) return "not_ours";
  const row = await lockTransfer(tx, found.id);
  if (!row) return "not_ours";
  return followLocked(tx, row, payment, source, now);
}

/** `followPayment` for a request the caller already holds (locked, or just moved in this transaction). */
export async function followLocked(tx: Tx, row: TransferRequestRow, payment: PaymentListItem, source: FollowSource, now: Date): Promise<FollowResult> {
  const known = {
    providerStatus: payment.status,
    referenceCode: payment.reference_code,
    endToEnd: payment.end_to_end ?? row.endToEnd,
    providerCheckedAt: now,
  };
  if (row.state === "registered" && (payment.status === "completed" || payment.status === "canceled")) {
    const paid = payment.status === "completed";
    const to = paid ? "paid" : "provider_canceled";
    const moved = await moveTransfer(tx, row.id, to, {
      from: ["registered"],
      now,
      set: paid
        ? { ...known, paymentDate: when(payment.payment_date) ?? now }
        : { ...known, cancellationReason: payment.cancellation_reason, cancellationDate: when(payment.cancellation_date) ?? now },
      note: paid
        ? { key: "transfers.notes.paid", values: { end_to_end: payment.end_to_end ?? "" } }
        : { key: "transfers.notes.providerCanceled", values: { reason: payment.cancellation_reason ?? "" } },
    });
    if (!moved.moved) return "unchanged";
    await recordAudit(
      {
        actor: null,
        action: paid ? "transfer.paid" : "transfer.provider_canceled",
        target: row.idempotentId,
        outcome: to,
        detail: {
          transfer_id: row.id,
          source,
          value_cents: row.valueCents,
          reference_code: payment.reference_code,
          end_to_end: payment.end_to_end,
          ...(paid ? { payment_date: payment.payment_date } : { reason: payment.cancellation_reason, cancellation_date: payment.cancellation_date }),
        },
      },
      tx,
    );
    return to;
  }
  const changed =
    row.providerStatus !== known.providerStatus || row.referenceCode !== known.referenceCode || row.endToEnd !== known.endToEnd;
  const [updated] = await tx.update(transferRequests).set(known).where(eq(transferRequests.id, row.id)).returning();
  if (changed && updated) {
    await announce(tx, updated);
    return "updated";
  }
  return "unchanged";
}
