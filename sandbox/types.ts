import type { AccountType, PixKeyType, QrcodeStatus } from "./documented";

/** How a registered payment will end; fixed at registration so restarts keep the story. */
export type LifecyclePlan = "complete" | "cancel_after_sent" | "cancel_before_sent";

/**
 * One payment as the sandbox holds it. Dates are epoch milliseconds; answers format them.
 * The `lc*` fields are lower-cased copies for the case-insensitive LIKE filters.
 */
export interface PaymentRecord {
  seq: number;
  origin: "seed" | "api";
  reference_code: string;
  idempotent_id: string;
  value_cents: number;
  pix_key_type: PixKeyType;
  /** null for manual (bank-account) payments. */
  pix_key: string | null;
  receiver_name: string;
  receiver_document: string;
  receiver_bank_ispb: string | null;
  receiver_bank_name: string | null;
  receiver_agency: string | null;
  receiver_account: string | null;
  receiver_account_type: AccountType | null;
  status: string;
  registeredAt: number;
  paidAt: number | null;
  canceledAt: number | null;
  cancellation_reason: string | null;
  end_to_end: string | null;
  /** api payments only: canonical text of the accepted body, to recognise a repeat. */
  fingerprint?: string;
  /** Duplicates "allow": how many payments had this idempotent_id before this one (absent = the first). */
  repeat?: number;
  plan?: LifecyclePlan;
  /** Lifecycle clock time of the next transition; null once final or never authorized. */
  nextStepAt?: number | null;
  lcName: string;
  lcDocument: string;
  lcReference: string;
  lcEndToEnd: string;
}

/** The persisted part of a payment (search helpers are rebuilt on load). */
export type StoredPayment = Omit<PaymentRecord, "lcName" | "lcDocument" | "lcReference" | "lcEndToEnd">;

export interface QrcodeRecord {
  /** "seed": generated with the history (a seeded row may be paid through the API); "api": a charge made here. */
  origin: "seed" | "api";
  /** Dynamic codes (a URL) notify as `pix_qrcode`, static ones (a key) as `pix_static_qrcode`. */
  dynamic: boolean;
  reference_code: string;
  external_reference: string | null;
  value_cents: number;
  content: string;
  status: QrcodeStatus;
  generator_name: string | null;
  generator_document: string | null;
  payer_name: string | null;
  payer_document: string | null;
  payer_bank_name: string | null;
  payer_agency: string | null;
  payer_account: string | null;
  payer_account_type: AccountType | null;
  registeredAt: number;
  paidAt: number | null;
  /** null until paid (charges made through the API). */
  end_to_end: string | null;
  /** Charges made through the API: after this instant an unpaid code is canceled. */
  expiresAt?: number | null;
  /** Checkout charges: where the payer is sent after paying. */
  external_link?: string | null;
  /** Checkout charges: the request id of POST /v1/pix/checkout. */
  request_id?: string | null;
}

export interface WebhookRegistration {
  type_id: number;
  url: string;
  authorization: string;
}

/** Adds the lower-cased search copies to a stored payment. */
export function withSearchKeys(p: StoredPayment): PaymentRecord {
  return {
    ...p,
    lcName: p.receiver_name.toLowerCase(),
    lcDocument: p.receiver_document.toLowerCase(),
    lcReference: p.reference_code.toLowerCase(),
    lcEndToEnd: (p.end_to_end ?? "").toLowerCase(),
  };
}

/** Drops the search copies, for persistence. */
export function toStored(p: PaymentRecord): StoredPayment {
  const { lcName, lcDocument, lcReference, lcEndToEnd, ...stored } = p;
  void lcName;
  void lcDocument;
  void lcReference;
  void lcEndToEnd;
  return stored;
}
