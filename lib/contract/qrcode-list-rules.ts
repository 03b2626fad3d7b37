import { DOCUMENT_RULE, LIST_DATE_RULES, LIST_ID_RULES, NAME_RULE, type TextRule } from "./list-rules";
import { QRCODE_STATUSES } from "./values";

/**
 * The QR code list's query parameters as plain data (no zod), like `list-rules.ts` for
 * payments: `qrcode-list.ts` builds the server's schema from these, the /qrcodes page checks
 * URL values and filter inputs with `checkTextRule`. Same dates (and date pairs) and ids as the payment list.
 */

/** `status` is one of the QR code statuses (the provider documents exactly these four). */
export const QRCODE_LIST_TEXT_RULES = {
  ...LIST_DATE_RULES,
  generator_name: NAME_RULE,
  generator_document: DOCUMENT_RULE,
  payer_name: NAME_RULE,
  payer_document: DOCUMENT_RULE,
  status: { pattern: new RegExp(`^(${QRCODE_STATUSES.join("|")})$`), message: "unknown status" },
  ...LIST_ID_RULES,
} as const satisfies Record<string, TextRule>;

export type QrcodeListTextParam = keyof typeof QRCODE_LIST_TEXT_RULES;

/** Every parameter of GET /v1/pix/qrcodes in the provider's order (page first). */
export const QRCODE_LIST_PARAMS = ["page", ...(Object.keys(QRCODE_LIST_TEXT_RULES) as QrcodeListTextParam[])] as const;
