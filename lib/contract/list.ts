import "@/lib/zod-config";
import { z } from "zod";
import { paymentListItemSchema } from "./payment";
import { DIGITS_RE, LIMITS, LIST_DATETIME_RE } from "./limits";

export const listDateTimeSchema = z
  .string()
  .regex(LIST_DATETIME_RE, "must look like YYYY-mm-ddTHH:MM:ss");

/** The list's date-range pairs: each end requires the other (provider answers 400 otherwise). */
export const DATE_PAIRS = [
  ["registration_start_date", "registration_end_date"],
  ["payment_start_date", "payment_end_date"],
] as const;

/**
 * Query parameters of GET /v1/pix/payments, as the contract documents them.
 * `status` passes through any short word: the contract documents the QR code values,
 * real payments carry the payment values (provider notes).
 */
export const listPaymentsParamsObject = z.object({
  page: z.coerce.number().int().positive().max(1_000_000).optional(),
  registration_start_date: listDateTimeSchema.optional(),
  registration_end_date: listDateTimeSchema.optional(),
  payment_start_date: listDateTimeSchema.optional(),
  payment_end_date: listDateTimeSchema.optional(),
  receiver_name: z.string().max(LIMITS.name).optional(),
  receiver_document: z.string().max(LIMITS.document).regex(DIGITS_RE, "digits only").optional(),
  status: z.string().regex(/^[a-z_]{1,40}$/, "unknown status").optional(),
  reference_code: z.string().max(LIMITS.referenceCode).optional(),
  end_to_end: z.string().max(LIMITS.endToEnd).optional(),
});

export const listPaymentsParamsSchema = listPaymentsParamsObject.superRefine((p, ctx) => {
  for (const [start, end] of DATE_PAIRS) {
    if (p[start] && !p[end]) ctx.addIssue({ code: "custom", path: [end], message: `${end} required` });
    if (p[end] && !p[start]) ctx.addIssue({ code: "custom", path: [start], message: `${start} required` });
  }
});
export type ListPaymentsParams = z.infer<typeof listPaymentsParamsObject>;

export const listMetaSchema = z.object({
  current_page: z.number().int().positive(),
  total_pages: z.number().int().nonnegative(),
  total_items_amount: z.number().int().nonnegative(),
  total_value_cents: z.number().int().nonnegative(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export const listPaymentsAnswerSchema = z.object({
  payments: z.array(paymentListItemSchema),
  meta: listMetaSchema,
});
export type ListPaymentsAnswer = z.infer<typeof listPaymentsAnswerSchema>;
