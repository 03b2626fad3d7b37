import "@/lib/zod-config";
import { z } from "zod";
import { isValidDocument, normalizePixKey, pixKeyError } from "@/lib/pix";
import { accountTypeCodeSchema, initiationTypeSchema, pixKeyTypeSchema } from "./enums";
import { LIMITS } from "./limits";

/** Highest amount the back office lets an operator send in one transfer: R$ 1.000.000,00. */
export const MAX_TRANSFER_CENTS = 100_000_000;

const digits = (max: number, label: string) =>
  z.string().trim().max(max, `${label} has at most ${max} digits`).regex(/^\d+$/, `${label} must be digits only`);

/**
 * Body of POST /v1/pix/payments exactly as the contract accepts it (wire rules only:
 * types, lengths, required-if). The sandbox validates with this.
 * Documents may be the 2026 alphanumeric CNPJ, so letters are accepted there.
 */
export const registerPaymentBodyObject = z.object({
  idempotent_id: z.string().min(1, "idempotent_id required").max(LIMITS.idempotentId),
  value_cents: z.number().int().positive(),
  initiation_type: initiationTypeSchema.optional(),
  authorized: z.boolean().optional(),
  receiver_name: z.string().trim().min(1).max(LIMITS.name).optional(),
  receiver_document: z
    .string()
    .trim()
    .max(LIMITS.document)
    .regex(/^[0-9A-Z]+$/, "receiver_document must be digits only")
    .optional(),
  receiver_bank_ispb: digits(LIMITS.ispb, "receiver_bank_ispb").optional(),
  receiver_agency: digits(LIMITS.agencyRequest, "receiver_agency").optional(),
  receiver_account: digits(LIMITS.accountRequest, "receiver_account").optional(),
  receiver_account_type: accountTypeCodeSchema.optional(),
  pix_key_type: pixKeyTypeSchema.optional(),
  pix_key: z.string().max(LIMITS.idempotentId).optional(),
});

const MANUAL_REQUIRED = [
  "receiver_name",
  "receiver_document",
  "receiver_bank_ispb",
  "receiver_agency",
  "receiver_account",
  "receiver_account_type",
] as const;
const DICT_REQUIRED = ["pix_key_type", "pix_key"] as const;

export const registerPaymentBodySchema = registerPaymentBodyObject.superRefine((b, ctx) => {
  const required = b.initiation_type === "manual" ? MANUAL_REQUIRED : DICT_REQUIRED;
  for (const field of required) {
    if (b[field] === undefined || b[field] === "") {
      ctx.addIssue({ code: "custom", path: [field], message: `${field} required` });
    }
  }
});
export type RegisterPaymentBody = z.infer<typeof registerPaymentBodyObject>;

/**
 * The back office's own, stricter rules for a transfer an operator registers: the wire
 * rules plus check digits, key formats and our amount limit. The register form and
 * POST /api/payments both use this one schema. Messages are written for people.
 */
export const registerTransferSchema = registerPaymentBodyObject
  .extend({
    idempotent_id: z
      .string()
      .trim()
      .min(1, "Enter a payment id")
      .max(LIMITS.idempotentId, "The payment id has at most 255 characters")
      .regex(/^[\x21-\x7e]+$/, "The payment id may only use visible ASCII characters, no spaces"),
    value_cents: z
      .number({ error: "Enter an amount" })
      .int("The amount must be in whole cents")
      .positive("The amount must be more than R$ 0,00")
      .max(MAX_TRANSFER_CENTS, "The amount is above the R$ 1.000.000,00 limit for one transfer"),
    initiation_type: initiationTypeSchema.default("dict"),
    authorized: z.boolean().default(false),
    receiver_name: z
      .string()
      .trim()
      .min(1, "Enter the receiver's name")
      .max(LIMITS.name, "The receiver's name has at most 100 characters"),
    receiver_document: z
      .string()
      .transform((v) => v.replace(/[.\-/\s]/g, "").toUpperCase())
      .refine(isValidDocument, "This is not a valid CPF or CNPJ (check the digits)"),
  })
  .superRefine((b, ctx) => {
    if (b.initiation_type === "manual") {
      for (const field of MANUAL_REQUIRED) {
        if (!b[field]) ctx.addIssue({ code: "custom", path: [field], message: requiredMessage(field) });
      }
      if (b.receiver_bank_ispb && !/^\d{8}$/.test(b.receiver_bank_ispb)) {
        ctx.addIssue({ code: "custom", path: ["receiver_bank_ispb"], message: "The ISPB has 8 digits" });
      }
      if (b.receiver_agency && !/^\d{1,4}$/.test(b.receiver_agency)) {
        ctx.addIssue({ code: "custom", path: ["receiver_agency"], message: "The branch has 1 to 4 digits" });
      }
      return;
    }
    if (!b.pix_key_type) {
      ctx.addIssue({ code: "custom", path: ["pix_key_type"], message: "Choose the key type" });
      return;
    }
    const error = pixKeyError(b.pix_key_type, b.pix_key ?? "");
    if (error) ctx.addIssue({ code: "custom", path: ["pix_key"], message: error });
  })
  .transform((b) =>
    b.initiation_type === "dict" && b.pix_key_type && b.pix_key
      ? { ...b, pix_key: normalizePixKey(b.pix_key_type, b.pix_key) }
      : b,
  );
export type RegisterTransfer = z.output<typeof registerTransferSchema>;
export type RegisterTransferInput = z.input<typeof registerTransferSchema>;

function requiredMessage(field: (typeof MANUAL_REQUIRED)[number]): string {
  const words: Record<(typeof MANUAL_REQUIRED)[number], string> = {
    receiver_name: "Enter the receiver's name",
    receiver_document: "Enter the receiver's CPF or CNPJ",
    receiver_bank_ispb: "Choose the bank",
    receiver_agency: "Enter the branch",
    receiver_account: "Enter the account number with its check digit",
    receiver_account_type: "Choose the account type",
  };
  return words[field];
}
