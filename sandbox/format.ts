import type { PixKeyType } from "./documented";
import { formatProviderDateTime } from "@/lib/pix";
import type { PaymentRecord, QrcodeRecord } from "./types";

/** Brazil's last daylight-saving period ended 2019-02-17 02:00 UTC; since then it is UTC-3 all year. */
const FIXED_OFFSET_SINCE = Date.UTC(2019, 1, 17, 2);
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The provider's datetime text. A list page formats hundreds of dates and the time-zone library
 * is slow per call, so dates since 2019 (fixed -03:00) take this arithmetic path; older ones,
 * with historic daylight saving, go through formatProviderDateTime. A test keeps both equal.
 */
export function providerDateTime(ms: number): string {
  if (ms < FIXED_OFFSET_SINCE) return formatProviderDateTime(new Date(ms));
  const d = new Date(ms - 3 * 3_600_000);
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}-03:00`
  );
}

const when = (ms: number | null): string | null => (ms === null ? null : providerDateTime(ms));

/** 201 answer of a registration: the fields the contract lists for it. */
export function registrationAnswer(p: PaymentRecord) {
  return {
    payment: {
      reference_code: p.reference_code,
      idempotent_id: p.idempotent_id,
      value_cents: p.value_cents,
      pix_key_type: p.pix_key_type as PixKeyType,
      pix_key: p.pix_key,
      receiver_name: p.receiver_name,
      receiver_document: p.receiver_document,
      status: p.status,
    },
  };
}

/** One list item (also the webhook `message`, plus receipt_url). */
export function listItem(p: PaymentRecord) {
  return {
    reference_code: p.reference_code,
    idempotent_id: p.idempotent_id,
    value_cents: p.value_cents,
    pix_key_type: p.pix_key_type,
    pix_key: p.pix_key,
    receiver_name: p.receiver_name,
    receiver_document: p.receiver_document,
    status: p.status,
    registration_date: providerDateTime(p.registeredAt),
    payment_date: when(p.paidAt),
    cancellation_date: when(p.canceledAt),
    cancellation_reason: p.cancellation_reason,
    end_to_end: p.end_to_end,
  };
}

/** Single read: the list item plus the receiver's bank data. */
export function paymentDetail(p: PaymentRecord) {
  return {
    ...listItem(p),
    receiver_bank_name: p.receiver_bank_name,
    receiver_agency: p.receiver_agency,
    receiver_account: p.receiver_account,
    receiver_account_type: p.receiver_account_type,
  };
}

export function qrcodeAnswer(q: QrcodeRecord) {
  return {
    reference_code: q.reference_code,
    external_reference: q.external_reference,
    value_cents: q.value_cents,
    content: q.content,
    status: q.status,
    generator_name: q.generator_name,
    generator_document: q.generator_document,
    payer_name: q.payer_name,
    payer_document: q.payer_document,
    payer_bank_name: q.payer_bank_name,
    payer_agency: q.payer_agency,
    payer_account: q.payer_account,
    payer_account_type: q.payer_account_type,
    registration_date: providerDateTime(q.registeredAt),
    payment_date: when(q.paidAt),
    end_to_end: q.end_to_end,
  };
}

/** One item of GET /v1/pix/qrcodes (also the `message` of a QR code notification). */
export function qrcodeListItem(q: QrcodeRecord) {
  return {
    reference_code: q.reference_code,
    external_reference: q.external_reference,
    value_cents: q.value_cents,
    content: q.content,
    status: q.status,
    generator_name: q.generator_name,
    generator_document: q.generator_document,
    payer_name: q.payer_name,
    payer_document: q.payer_document,
    registration_date: providerDateTime(q.registeredAt),
    payment_date: when(q.paidAt),
    end_to_end: q.end_to_end,
  };
}
