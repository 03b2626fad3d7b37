import "@/lib/zod-config";
import { z } from "zod";
import { ACCOUNT_TYPE_BY_CODE, accountTypeSchema, paymentStatusSchema, pixKeyTypeSchema, type AccountTypeCode } from "./enums";
import { LIMITS, PROVIDER_DATETIME_RE } from "./limits";
import { neutralizeText } from "@/lib/pix/text";

/** A datetime as the provider writes it, e.g. 2026-11-21T09:15:02.123-03:00. */
export const providerDateTimeSchema = z
  .string()
  .regex(PROVIDER_DATETIME_RE, "datetime must look like YYYY-mm-ddTHH:MM:ss.SSS-03:00");

/**
 * Account type in answers. Tolerant of the documented quirk: answers use the
 * `checking_account` words, but a request code (CACC...) is mapped rather than refused.
 */
const answerAccountTypeSchema = z.preprocess(
  (v) => (typeof v === "string" && Object.hasOwn(ACCOUNT_TYPE_BY_CODE, v) ? ACCOUNT_TYPE_BY_CODE[v as AccountTypeCode] : v),
  accountTypeSchema,
);

/**
 * Provider text as it enters: bidi and control characters neutralised (lib/pix/text.ts), so every
 * list, detail, lookup and export shows it in the order it was typed; then stray whitespace
 * trimmed (a key with a trailing space is a documented quirk).
 */
const trimmed = (max?: number) => {
  const s = z.string().overwrite(neutralizeText).trim();
  return max ? s.max(max) : s;
};

/** Fields common to every payment answer (registration, list item, single read). */
const paymentCoreShape = {
  reference_code: trimmed(LIMITS.referenceCode).min(1),
  idempotent_id: z.string().min(1).max(LIMITS.idempotentId),
  value_cents: z.number().int().positive(),
  pix_key_type: pixKeyTypeSchema,
  receiver_name: trimmed(LIMITS.name),
  receiver_document: trimmed(LIMITS.document),
  status: paymentStatusSchema,
};

/** 201 answer of POST /v1/pix/payments: `{ payment }`. pix_key is described as optional. */
const registeredPaymentSchema = z.object({
  ...paymentCoreShape,
  pix_key: trimmed().nullish(),
});
export const registerPaymentAnswerSchema = z.object({ payment: registeredPaymentSchema });

/** One item of GET /v1/pix/payments. payment_date is null until paid (documented quirk). */
export const paymentListItemSchema = z.object({
  ...paymentCoreShape,
  pix_key: trimmed().nullish().transform((v) => v ?? ""),
  registration_date: providerDateTimeSchema,
  payment_date: providerDateTimeSchema.nullish().transform((v) => v ?? null),
  cancellation_date: providerDateTimeSchema.nullish().transform((v) => v ?? null),
  cancellation_reason: trimmed(LIMITS.cancellationReason).nullish().transform((v) => v ?? null),
  end_to_end: trimmed(LIMITS.endToEnd).nullish().transform((v) => v || null),
});

/** Answer of GET /v1/pix/payments/{idempotent_id}/idempotent_id: `{ payment }` with bank data. */
export const paymentDetailSchema = paymentListItemSchema.extend({
  receiver_bank_name: trimmed(LIMITS.bankName).nullish().transform((v) => v ?? null),
  receiver_agency: trimmed(LIMITS.agencyAccountResponse).nullish().transform((v) => v ?? null),
  receiver_account: trimmed(LIMITS.agencyAccountResponse).nullish().transform((v) => v ?? null),
  receiver_account_type: answerAccountTypeSchema.nullish().transform((v) => v ?? null),
});
export const paymentDetailAnswerSchema = z.object({ payment: paymentDetailSchema });

export type RegisteredPayment = z.infer<typeof registeredPaymentSchema>;
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
