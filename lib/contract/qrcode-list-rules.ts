import { DIGITS_RE, LIMITS, LIST_DATETIME_RE } from "./limits";
import { DATE_PAIRS, type TextRule } from "./list-rules";
import { QRCODE_STATUSES } from "./values";

/**
 * The QR code list's query parameters as plain data (no zod), like `list-rules.ts` for
 * payments: `qrcode-list.ts` builds the server's schema from these, the /qrcodes page checks
 * URL values and filter inputs with `checkTextRule`. Same date pairs as the payment list.
 */
export { DATE_PAIRS as QRCODE_DATE_PAIRS };

const DATETIME_RULE: TextRule = { pattern: LIST_DATETIME_RE, message: "must look like YYYY-mm-ddTHH:MM:ss" };

/** `status` is one of the QR code statuses (the provider documents exactly these four). */
export const QRCODE_LIST_TEXT_RULES = {
  registration_start_date: DATETIME_RULE,
  registration_end_date: DATETIME_RULE,
  payment_start_date: DATETIME_RULE,
  payment_end_date: DATETIME_RULE,
  generator_name: { max: LIMITS.name },
  generator_document: { max: LIMITS.document, pattern: DIGITS_RE, message: "digits only" },
  payer_name: { max: LIMITS.name },
  payer_document: { max: LIMITS.document, pattern: DIGITS_RE, message: "digits only" },
  status: { pattern: new RegExp(`^(${QRCODE_STATUSES.join("|")})$`), message: "unknown status" },
  reference_code: { max: LIMITS.referenceCode },
  end_to_end: { max: LIMITS.endToEnd },
} as const satisfies Record<string, TextRule>;

export type QrcodeListTextParam = keyof typeof QRCODE_LIST_TEXT_RULES;

/** Every parameter of GET /v1/pix/qrcodes in the provider's order (page first). */
export const QRCODE_LIST_PARAMS = ["page", ...(Object.keys(QRCODE_LIST_TEXT_RULES) as QrcodeListTextParam[])] as const;
