import "@/lib/zod-config";
import { z } from "zod";

/** Payment statuses as the provider returns them (contract: States and transitions). */
export const PAYMENT_STATUSES = [
  "authorization_pending",
  "auto_authorization",
  "sent",
  "completed",
  "canceled",
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** QR code statuses (contract: QR code). The list `status` filter is documented with these. */
export const QRCODE_STATUSES = ["error", "awaiting_payment", "paid", "canceled"] as const;
export const qrcodeStatusSchema = z.enum(QRCODE_STATUSES);
export type QrcodeStatus = z.infer<typeof qrcodeStatusSchema>;

export const PIX_KEY_TYPES = ["phone", "email", "cpf", "cnpj", "token"] as const;
export const pixKeyTypeSchema = z.enum(PIX_KEY_TYPES);
export type PixKeyType = z.infer<typeof pixKeyTypeSchema>;

export const INITIATION_TYPES = ["dict", "manual"] as const;
export const initiationTypeSchema = z.enum(INITIATION_TYPES);
export type InitiationType = z.infer<typeof initiationTypeSchema>;

/** Account type codes accepted on registration. */
export const ACCOUNT_TYPE_CODES = ["CACC", "SVGS", "SLRY", "TRAN"] as const;
export const accountTypeCodeSchema = z.enum(ACCOUNT_TYPE_CODES);
export type AccountTypeCode = z.infer<typeof accountTypeCodeSchema>;

/** Account types as answers carry them (provider notes: not the request codes). */
export const ACCOUNT_TYPES = [
  "checking_account",
  "savings_account",
  "salary_account",
  "transaction_account",
] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const ACCOUNT_TYPE_BY_CODE: Record<AccountTypeCode, AccountType> = {
  CACC: "checking_account",
  SVGS: "savings_account",
  SLRY: "salary_account",
  TRAN: "transaction_account",
};
