import "@/lib/zod-config";
import { z } from "zod";
import { ACCOUNT_TYPE_BY_CODE, accountTypeSchema, paymentStatusSchema, pixKeyTypeSchema, type AccountTypeCode } from "./enums";
import { LIMITS } from "./limits";
import { orNull, providerDateTimeSchema, providerText } from "./answer-fields";

/**
 * Account type in answers. Tolerant of the documented quirk: answers use the
 * `checking_account` words, but a request code (CACC...) is mapped rather than refused.
 */
const answerAccountTypeSchema = z.preprocess(
  (v) => (typeof v === "string" && Object.hasOwn(ACCOUNT_TYPE_BY_CODE, v) ? ACCOUNT_TYPE_BY_CODE[v as AccountTypeCode] : v),
  accountTypeSchema,
);

/** Fields common to every payment answer (registration, list item, single read). */
const paymentCoreShape = {
  reference_code: providerText(LIMITS.referenceCode).min(1),
  idempotent_id: z.string().min(1).max(LIMITS.idempotentId),
  value_cents: z.number().int().positive(),
  pix_key_type: pixKeyTypeSchema,
  receiver_name: providerText(LIMITS.name),
  receiver_document: providerText(LIMITS.document),
  status: paymentStatusSchema,
};

/** 201 answer of POST /v1/pix/payments: `{ payment }`. pix_key is described as optional. */
const registeredPaymentSchema = z.object({
  ...paymentCoreShape,
  pix_key: providerText().nullish(),
});
export const registerPaymentAnswerSchema = z.object({ payment: registeredPaymentSchema });

/** One item of GET /v1/pix/payments. payment_date is null until paid (documented quirk). */
export const paymentListItemSchema = z.object({
  ...paymentCoreShape,
  pix_key: providerText().nullish().transform((v) => v ?? ""),
  registration_date: providerDateTimeSchema,
  payment_date: orNull(providerDateTimeSchema),
  cancellation_date: orNull(providerDateTimeSchema),
  cancellation_reason: orNull(providerText(LIMITS.cancellationReason)),
  end_to_end: providerText(LIMITS.endToEnd).nullish().transform((v) => v || null),
});

/** Answer of GET /v1/pix/payments/{idempotent_id}/idempotent_id: `{ payment }` with bank data. */
export const paymentDetailSchema = paymentListItemSchema.extend({
  receiver_bank_name: orNull(providerText(LIMITS.bankName)),
  receiver_agency: orNull(providerText(LIMITS.agencyAccountResponse)),
  receiver_account: orNull(providerText(LIMITS.agencyAccountResponse)),
  receiver_account_type: orNull(answerAccountTypeSchema),
});
export const paymentDetailAnswerSchema = z.object({ payment: paymentDetailSchema }).meta({ id: "PaymentDetailAnswer" });

export type RegisteredPayment = z.infer<typeof registeredPaymentSchema>;
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;
