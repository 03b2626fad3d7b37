import type { PaymentListItem } from "@/lib/contract/payment";
import type { QrcodeListItem } from "@/lib/contract/qrcode-list";
import { parseProviderDateTime } from "@/lib/pix/time";
import type { z } from "zod";
import type { movementSchema } from "./answer";

/**
 * One line of the statement (extrato): money that left the account (a completed Pix payment) or
 * came in (a paid QR code charge). `amount_cents` is signed: out negative, in positive.
 * Built from the provider's list items each time it is asked for: never stored.
 */
export type Movement = z.infer<typeof movementSchema>;

export function movementFromPayment(p: PaymentListItem): Movement {
  return {
    kind: "out",
    date: p.payment_date ?? p.registration_date,
    counterpart_name: p.receiver_name || null,
    counterpart_document: p.receiver_document || null,
    end_to_end: p.end_to_end,
    reference_code: p.reference_code,
    our_id: p.idempotent_id,
    charge_id: null,
    amount_cents: -p.value_cents,
  };
}

export function movementFromQrcode(q: QrcodeListItem): Movement {
  return {
    kind: "in",
    date: q.payment_date ?? q.registration_date,
    counterpart_name: q.payer_name,
    counterpart_document: q.payer_document,
    end_to_end: q.end_to_end,
    reference_code: q.reference_code,
    our_id: q.external_reference,
    charge_id: null,
    amount_cents: q.value_cents,
  };
}

/** Newest first (the order of the provider's pages); equal instants keep their order. */
export function byDateDescending(a: Movement, b: Movement): number {
  return instant(b) - instant(a);
}

const instant = (m: Movement) => parseProviderDateTime(m.date)?.getTime() ?? 0;

/**
 * Money in linked to our charges: the charge's id, and its invoice number where the provider's
 * item carries none (a payment link's checkout has no external_reference at the provider).
 */
export function withChargeLinks(movements: Movement[], links: ReadonlyMap<string, { id: string; external_reference: string }>): Movement[] {
  return movements.map((m) => {
    const link = m.kind === "in" ? links.get(m.reference_code) : undefined;
    return link ? { ...m, charge_id: link.id, our_id: m.our_id ?? link.external_reference } : m;
  });
}
