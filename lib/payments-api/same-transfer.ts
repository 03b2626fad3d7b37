import { ACCOUNT_TYPE_BY_CODE, type PaymentDetail, type RegisterPaymentBody } from "@/lib/contract";
import { normalizePixKey } from "@/lib/pix";

const bareDocument = (v: string | null | undefined) => (v ?? "").replace(/[.\-/\s]/g, "").toUpperCase();
const bareNumber = (v: string | null | undefined) => (v ?? "").replace(/\D/g, "").replace(/^0+(?=\d)/, "");

/**
 * Fields on which a payment found under a reused idempotent_id differs from the transfer being
 * registered (empty = it is the same transfer). Only what the provider reads back is compared:
 * amount, receiver document, key type and key for a key transfer, and branch, account and account
 * type for a bank transfer (the provider resolves a key or an account into the other, so only
 * what was sent is compared). The detail answer carries no ISPB, only the
 * bank's name, so the bank itself cannot be compared; the account numbers are.
 */
export function transferDifferences(found: PaymentDetail, body: RegisterPaymentBody): string[] {
  const differs: string[] = [];
  if (found.value_cents !== body.value_cents) differs.push("value_cents");
  if (body.receiver_document && bareDocument(found.receiver_document) !== bareDocument(body.receiver_document)) {
    differs.push("receiver_document");
  }
  if (body.initiation_type === "manual") {
    if (found.receiver_agency !== null && bareNumber(found.receiver_agency) !== bareNumber(body.receiver_agency)) {
      differs.push("receiver_agency");
    }
    if (found.receiver_account !== null && bareNumber(found.receiver_account) !== bareNumber(body.receiver_account)) {
      differs.push("receiver_account");
    }
    const type = body.receiver_account_type ? ACCOUNT_TYPE_BY_CODE[body.receiver_account_type] : null;
    if (found.receiver_account_type !== null && type && found.receiver_account_type !== type) {
      differs.push("receiver_account_type");
    }
    return differs;
  }
  if (body.pix_key_type && found.pix_key_type !== body.pix_key_type) differs.push("pix_key_type");
  else if (body.pix_key_type && body.pix_key) {
    const ours = normalizePixKey(body.pix_key_type, body.pix_key);
    const theirs = normalizePixKey(body.pix_key_type, found.pix_key ?? "");
    if (ours !== theirs) differs.push("pix_key");
  }
  return differs;
}
