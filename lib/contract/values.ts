/**
 * The contract's enumerations as plain values (no zod), for the browser: `enums.ts` builds the
 * schemas (and, through them, the types) from these very arrays.
 */
/** Payment statuses as the provider returns them (contract: States and transitions). */
export const PAYMENT_STATUSES = [
  "authorization_pending",
  "auto_authorization",
  "sent",
  "completed",
  "canceled",
] as const;

/** QR code statuses (contract: QR code). The list `status` filter is documented with these. */
export const QRCODE_STATUSES = ["error", "awaiting_payment", "paid", "canceled"] as const;

export const PIX_KEY_TYPES = ["phone", "email", "cpf", "cnpj", "token"] as const;

export const INITIATION_TYPES = ["dict", "manual"] as const;

/** Account type codes accepted on registration. */
export const ACCOUNT_TYPE_CODES = ["CACC", "SVGS", "SLRY", "TRAN"] as const;

/** Account types as answers carry them (provider notes: not the request codes). */
export const ACCOUNT_TYPES = [
  "checking_account",
  "savings_account",
  "salary_account",
  "transaction_account",
] as const;
