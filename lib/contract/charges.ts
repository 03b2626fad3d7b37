import "@/lib/zod-config";
import { z } from "zod";
import { LIMITS } from "./limits";

/**
 * Charges (provider documentation, beyond the contract): POST /v1/pix/qrcodes generates a
 * dynamic QR code, POST /v1/pix/checkout a payment link. Wire rules only; documents may be the
 * 2026 alphanumeric CNPJ, so upper-case letters are accepted there.
 */
const documentSchema = z.string().trim().max(LIMITS.document).regex(/^[0-9A-Z]+$/, "digits only");
/** Seconds the charge stays payable. */
const expirationSchema = z.number().int().positive().max(365 * 24 * 3_600);

export const createQrcodeBodySchema = z.object({
  value_cents: z.number().int().positive(),
  generator_name: z.string().trim().min(1).max(LIMITS.name).optional(),
  generator_document: documentSchema.optional(),
  expiration_time: expirationSchema.optional(),
  external_reference: z.string().trim().max(LIMITS.externalReference).optional(),
});

/** 201 of POST /v1/pix/qrcodes. */
export const createdQrcodeAnswerSchema = z.object({
  qrcode: z.object({
    reference_code: z.string().trim().min(1).max(LIMITS.referenceCode),
    external_reference: z.string().trim().max(LIMITS.externalReference).nullish().transform((v) => v ?? null),
    content: z.string().max(LIMITS.qrContent),
    /** The code as a PNG image, base64 (no data: prefix). */
    image_base64: z.string(),
  }),
});
export type CreatedQrcode = z.infer<typeof createdQrcodeAnswerSchema>["qrcode"];

export const createCheckoutBodySchema = z.object({
  value_cents: z.number().int().positive(),
  generator_name: z.string().trim().min(1).max(LIMITS.name),
  generator_document: documentSchema,
  expiration_time: expirationSchema.optional(),
  external_link: z.url({ protocol: /^https?$/ }).max(2048),
});

/** 201 of POST /v1/pix/checkout. */
export const checkoutAnswerSchema = z.object({
  qrcode_checkout: z.object({
    payment_link: z.string().min(1),
    request_id: z.string().trim().min(1),
    reference_code: z.string().trim().min(1).max(LIMITS.referenceCode),
  }),
});
export type Checkout = z.infer<typeof checkoutAnswerSchema>["qrcode_checkout"];
