import "server-only";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { receiptUrlOf } from "@/lib/events/store";
import { getPayment } from "@/lib/payments-api";
import { receiptFromPayment, type ReceiptData, type ReceiptRefusal } from "./receipt-data";

export type PaymentReceipt =
  | { ok: true; data: ReceiptData }
  | { ok: false; refusal: ReceiptRefusal | { reason: "companyMissing" } };

/**
 * The comprovante of a payment of the provider's list: the payment read back now (its status,
 * end_to_end and payment date as the provider has them), the company from the configuration,
 * and the provider's receipt page when a webhook brought one. Unknown payments throw the
 * provider's not_found (404 at the route).
 */
export async function getPaymentReceipt(idempotentId: string): Promise<PaymentReceipt> {
  const company = getEnv().company;
  if (!company) return { ok: false, refusal: { reason: "companyMissing" } };
  const payment = await getPayment(idempotentId);
  const built = receiptFromPayment(payment, company, null);
  if (!built.ok) return built;
  const receiptUrl = await receiptUrlOf(await getDb(), idempotentId);
  return { ok: true, data: { ...built.data, receiptUrl } };
}
