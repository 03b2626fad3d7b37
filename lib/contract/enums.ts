import "@/lib/zod-config";
import { z } from "zod";
import { ACCOUNT_TYPE_CODES, ACCOUNT_TYPES, INITIATION_TYPES, PAYMENT_STATUSES, PIX_KEY_TYPES, QRCODE_STATUSES } from "./values";

export { ACCOUNT_TYPE_CODES, ACCOUNT_TYPES, INITIATION_TYPES, PAYMENT_STATUSES, PIX_KEY_TYPES, QRCODE_STATUSES } from "./values";

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const qrcodeStatusSchema = z.enum(QRCODE_STATUSES);
export type QrcodeStatus = z.infer<typeof qrcodeStatusSchema>;

export const pixKeyTypeSchema = z.enum(PIX_KEY_TYPES);
export type PixKeyType = z.infer<typeof pixKeyTypeSchema>;

export const initiationTypeSchema = z.enum(INITIATION_TYPES);
export type InitiationType = z.infer<typeof initiationTypeSchema>;

export const accountTypeCodeSchema = z.enum(ACCOUNT_TYPE_CODES);
export type AccountTypeCode = z.infer<typeof accountTypeCodeSchema>;

export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const ACCOUNT_TYPE_BY_CODE: Record<AccountTypeCode, AccountType> = {
  CACC: "checking_account",
  SVGS: "savings_account",
  SLRY: "salary_account",
  TRAN: "transaction_account",
};
