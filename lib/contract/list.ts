import "@/lib/zod-config";
import { z } from "zod";
import { paymentListItemSchema } from "./payment";
import { DATE_PAIRS, LIST_TEXT_RULES, MAX_LIST_PAGE, tooLongMessage, type TextRule } from "./list-rules";

/** A zod string schema of one list parameter, built from its rule in `list-rules.ts`. */
function textParam(rule: TextRule) {
  let schema = z.string();
  if (rule.max !== undefined) schema = schema.max(rule.max, tooLongMessage(rule.max));
  if (rule.pattern) schema = schema.regex(rule.pattern, rule.message);
  return schema.optional();
}

/** Query parameters of GET /v1/pix/payments, as the contract documents them. */
export const listPaymentsParamsObject = z.object({
  page: z.coerce.number().int().positive().max(MAX_LIST_PAGE).optional(),
  registration_start_date: textParam(LIST_TEXT_RULES.registration_start_date),
  registration_end_date: textParam(LIST_TEXT_RULES.registration_end_date),
  payment_start_date: textParam(LIST_TEXT_RULES.payment_start_date),
  payment_end_date: textParam(LIST_TEXT_RULES.payment_end_date),
  receiver_name: textParam(LIST_TEXT_RULES.receiver_name),
  receiver_document: textParam(LIST_TEXT_RULES.receiver_document),
  status: textParam(LIST_TEXT_RULES.status),
  reference_code: textParam(LIST_TEXT_RULES.reference_code),
  end_to_end: textParam(LIST_TEXT_RULES.end_to_end),
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
}).meta({ id: "PaymentList" });
export type ListPaymentsAnswer = z.infer<typeof listPaymentsAnswerSchema>;
