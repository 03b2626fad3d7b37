import "@/lib/zod-config";
import { z } from "zod";
import { listMetaSchema } from "./list";
import { DATE_PAIRS, MAX_LIST_PAGE, tooLongMessage, type TextRule } from "./list-rules";
import { qrcodeSchema } from "./qrcode";
import { QRCODE_LIST_TEXT_RULES } from "./qrcode-list-rules";

function textParam(rule: TextRule) {
  let schema = z.string();
  if (rule.max !== undefined) schema = schema.max(rule.max, tooLongMessage(rule.max));
  if (rule.pattern) schema = schema.regex(rule.pattern, rule.message);
  return schema.optional();
}

const R = QRCODE_LIST_TEXT_RULES;

/** Query parameters of GET /v1/pix/qrcodes (provider documentation): 100 per page, like payments. */
const listQrcodesParamsObject = z.object({
  page: z.coerce.number().int().positive().max(MAX_LIST_PAGE).optional(),
  registration_start_date: textParam(R.registration_start_date),
  registration_end_date: textParam(R.registration_end_date),
  payment_start_date: textParam(R.payment_start_date),
  payment_end_date: textParam(R.payment_end_date),
  generator_name: textParam(R.generator_name),
  generator_document: textParam(R.generator_document),
  payer_name: textParam(R.payer_name),
  payer_document: textParam(R.payer_document),
  status: textParam(R.status),
  reference_code: textParam(R.reference_code),
  end_to_end: textParam(R.end_to_end),
});

export const listQrcodesParamsSchema = listQrcodesParamsObject.superRefine((p, ctx) => {
  for (const [start, end] of DATE_PAIRS) {
    if (p[start] && !p[end]) ctx.addIssue({ code: "custom", path: [end], message: `${end} required` });
    if (p[end] && !p[start]) ctx.addIssue({ code: "custom", path: [start], message: `${start} required` });
  }
});
export type ListQrcodesParams = z.infer<typeof listQrcodesParamsObject>;

/** One item of the QR code list: the record without the payer's bank data. */
export const qrcodeListItemSchema = qrcodeSchema.pick({
  reference_code: true,
  external_reference: true,
  value_cents: true,
  content: true,
  status: true,
  generator_name: true,
  generator_document: true,
  payer_name: true,
  payer_document: true,
  registration_date: true,
  payment_date: true,
  end_to_end: true,
});
export type QrcodeListItem = z.infer<typeof qrcodeListItemSchema>;

export const listQrcodesAnswerSchema = z.object({
  qrcodes: z.array(qrcodeListItemSchema),
  meta: listMetaSchema,
}).meta({ id: "QrcodeList" });
export type ListQrcodesAnswer = z.infer<typeof listQrcodesAnswerSchema>;
