import "@/lib/zod-config";
import { z } from "zod";
import { accountTypeSchema, qrcodeStatusSchema } from "./enums";
import { LIMITS } from "./limits";
import { orNull, providerDateTimeSchema, providerText } from "./answer-fields";

/** Provider text (neutralised, trimmed, checked), absent or null read as null. */
const opt = (max: number) => orNull(providerText(max));

/** Record of GET /v1/pix/qrcodes/end_to_end/{end_to_end}/, wrapped under `qrcode`. */
export const qrcodeSchema = z.object({
  reference_code: z.string().trim().min(1).max(LIMITS.referenceCode),
  external_reference: opt(LIMITS.externalReference),
  value_cents: z.number().int().positive(),
  content: z.string().max(LIMITS.qrContent),
  status: qrcodeStatusSchema,
  generator_name: opt(LIMITS.name),
  generator_document: opt(LIMITS.document),
  payer_name: opt(LIMITS.name),
  payer_document: opt(LIMITS.document),
  payer_bank_name: opt(LIMITS.bankName),
  payer_agency: opt(LIMITS.agencyAccountResponse),
  payer_account: opt(LIMITS.agencyAccountResponse),
  payer_account_type: orNull(accountTypeSchema),
  registration_date: providerDateTimeSchema,
  payment_date: orNull(providerDateTimeSchema),
  end_to_end: opt(LIMITS.endToEnd),
});
export const qrcodeAnswerSchema = z.object({ qrcode: qrcodeSchema }).meta({ id: "QrcodeAnswer" });
export type Qrcode = z.infer<typeof qrcodeSchema>;
