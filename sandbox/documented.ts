/**
 * What the provider's documentation states, as the sandbox reads it (docs/provider-api.md, the
 * provider's public pages summarised there): its enumerations, its limits and its texts. The
 * back office keeps its own reading (its contract folder); the sandbox never imports it, so a
 * misreading on either side shows up as a disagreement in the tests instead of being made twice.
 */

/** Payment statuses (States and transitions). */
export const PAYMENT_STATUSES = ["authorization_pending", "auto_authorization", "sent", "completed", "canceled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** QR code statuses; `error` = the charge could not be generated. */
export const QRCODE_STATUSES = ["error", "awaiting_payment", "paid", "canceled"] as const;
export type QrcodeStatus = (typeof QRCODE_STATUSES)[number];

/** pix_key_type; `token` is the random key (EVP). */
export const PIX_KEY_TYPES = ["phone", "email", "cpf", "cnpj", "token"] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** initiation_type: by key (dict) or by bank account (manual). */
export const INITIATION_TYPES = ["dict", "manual"] as const;

/** Account type codes of a registration, and the words answers carry for them. */
export const ACCOUNT_TYPE_WORDS = {
  CACC: "checking_account",
  SVGS: "savings_account",
  SLRY: "salary_account",
  TRAN: "transaction_account",
} as const;
export const ACCOUNT_TYPE_CODES = Object.keys(ACCOUNT_TYPE_WORDS) as (keyof typeof ACCOUNT_TYPE_WORDS)[];
export type AccountType = (typeof ACCOUNT_TYPE_WORDS)[keyof typeof ACCOUNT_TYPE_WORDS];

/** The Limits section (maximum characters), and the page size of every list. */
export const LIMITS = {
  pageSize: 100,
  idempotentId: 255,
  referenceCode: 100,
  name: 100,
  document: 14,
  bankIspb: 20,
  agency: 10,
  account: 20,
  externalReference: 255,
  /** Charges: platform_name (100), billing_url and return_url (255), checkout's external_link (255). */
  platformName: 100,
  url: 255,
  endToEnd: 32,
} as const;

/** The error texts the documentation gives, word for word. */
export const MESSAGES = {
  paymentNotFound: "Payment not found.",
  qrcodeNotFound: "Qrcode not found.",
  operationFailed: "Operation failed! Please try again or contact our support team",
  insufficientFunds: "Insufficient funds",
  receiverNotAllowed: "Receiver not allowed",
  generatorNotAllowed: "Generator not allowed",
  qrcodeCanceled: "Qrcode canceled",
  unauthorized: "Unauthorized",
  operationSucceeded: "Operation succeeded",
} as const;

/** Several validation messages in one answer: `value_cents not_a_number | receiver_name required`. */
export const VALIDATION_SEPARATOR = " | ";

/** GET /v1/webhooks/types. */
export const WEBHOOK_TYPES = [
  { id: 1, name: "pix_qrcodes" },
  { id: 2, name: "pix_payments" },
] as const;

/** List dates are sent as YYYY-mm-ddTHH:MM:ss (no offset, read in Brazil time). */
export const LIST_DATE_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** The two date ranges of every list: each end requires the other (400 `<end> required`). */
export const DATE_PAIRS = [
  ["registration_start_date", "registration_end_date"],
  ["payment_start_date", "payment_end_date"],
] as const;
