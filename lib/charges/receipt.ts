import type { ReceiptData } from "@/lib/receipts/receipt-data";
import type { Charge } from "./answers";
import type { ChargeIssuer } from "./service";

/** Why a charge has no receipt: not paid (yet), or the company is not configured (it is the receiver). */
export type ChargeReceiptRefusal = { reason: "chargeNotPaid" } | { reason: "companyMissing" };

/**
 * The comprovante of a paid charge, as the comprovantes say it (lib/receipts): the customer paid
 * us. The Pix is found anywhere by its end-to-end id, at the provider by its reference code, and
 * here by our own reference (in the place of the transfer's idempotent id).
 */
export function chargeReceipt(charge: Charge, issuer: ChargeIssuer): { ok: true; data: ReceiptData } | { ok: false; refusal: ChargeReceiptRefusal } {
  if (!charge.paid || !charge.paid.end_to_end) return { ok: false, refusal: { reason: "chargeNotPaid" } };
  if (!issuer) return { ok: false, refusal: { reason: "companyMissing" } };
  return {
    ok: true,
    data: {
      payer: { name: charge.paid.payer_name ?? charge.payer_name, document: charge.paid.payer_document ?? charge.payer_document },
      amountCents: charge.paid.value_cents,
      paidAt: charge.paid.at,
      endToEnd: charge.paid.end_to_end,
      referenceCode: charge.reference_code ?? "",
      idempotentId: charge.external_reference,
      receiver: { name: issuer.name, document: issuer.document, pixKey: null, bank: null },
      receiptUrl: null,
      initiation: "qrcode",
    },
  };
}
