import { MESSAGES } from "./documented";
import { paymentDetail, providerDateTime } from "./format";
import type { PaymentRecord } from "./types";

/**
 * The documentation's literal forms, served in quirks mode "doc" (`SANDBOX_QUIRKS=doc`), so the
 * back office is tested against answers shaped exactly like the provider's own examples:
 * - both single-payment reads carry the key `"end_to_end "` (trailing space);
 * - the 422 text is `" Insufficient funds"` (leading space);
 * - reference codes look like `P202306150000039870` (payments) and `ZENDRYTESTPIXQRCODE1` (QR codes);
 * - the agency comes back zero-padded to six digits (`"000001"`);
 * - the documentation's own example payment (`TEST01`) and QR code exist (see fixtures).
 * Without quirks the sandbox answers the clean forms.
 */
export interface Quirks {
  readonly doc: boolean;
  /** `{ payment }` of GET .../{idempotent_id}/idempotent_id and GET .../{reference_code}. */
  singlePayment(p: PaymentRecord): { payment: Record<string, unknown> };
  insufficientFunds(): string;
  /** A new payment's reference code; `fallback` is the clean mode's. */
  paymentReference(seq: number, at: number, fallback: () => string): string;
  /** A new QR code's reference code, unused so far; `fallback` is the clean mode's. */
  qrcodeReference(isUsed: (ref: string) => boolean, fallback: () => string): string;
}

const DOC_END_TO_END_KEY = "end_to_end ";

export function quirksFor(doc: boolean): Quirks {
  return {
    doc,
    singlePayment(p) {
      const detail: Record<string, unknown> = paymentDetail(p);
      if (!doc) return { payment: detail };
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(detail)) {
        if (key === "end_to_end") out[DOC_END_TO_END_KEY] = value;
        else if (key === "receiver_agency" && typeof value === "string") out[key] = value.padStart(6, "0");
        else out[key] = value;
      }
      return { payment: out };
    },
    insufficientFunds: () => (doc ? ` ${MESSAGES.insufficientFunds}` : MESSAGES.insufficientFunds),
    paymentReference(seq, at, fallback) {
      if (!doc) return fallback();
      const day = providerDateTime(at).slice(0, 10).replace(/-/g, "");
      return `P${day}${String(seq).padStart(10, "0")}`;
    },
    qrcodeReference(isUsed, fallback) {
      if (!doc) return fallback();
      for (let n = 1; ; n++) {
        const ref = `ZENDRYTESTPIXQRCODE${n}`;
        if (!isUsed(ref)) return ref;
      }
    },
  };
}
