import "@/lib/zod-config";
import { z } from "zod";
import { isPlainText, isValidDocument, normalizePixKey, pixKeyError } from "@/lib/pix";
import { accountTypeCodeSchema, initiationTypeSchema, pixKeyTypeSchema } from "./enums";
import { pathIdProblem } from "@/lib/domain/ids";
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
const registerPaymentBodyObject = z.object({
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
 * rules plus check digits, key formats, our amount limit and an id that can be read back.
 * The single form, POST /api/transfers and every row of a batch file use this one schema.
 * Messages are keys of the `validation` namespace (messages/<locale>/validation.json): each
 * reader sees them in their own language.
 */
export const transferFieldsObject = registerPaymentBodyObject
  .extend({
    // No choice of authorization: the back office's approvals are the authorization, decided
    // when it is sent (PROVIDER_AUTHORIZATION), never by the person who types the transfer. A
    // caller still sending it is told so rather than silently ignored.
    authorized: z.undefined({ error: "validation.authorized" }).optional(),
    idempotent_id: z
      .string({ error: "validation.idempotentId.required" })
      .trim()
      .min(1, "validation.idempotentId.required")
      .max(LIMITS.idempotentId, "validation.idempotentId.tooLong")
      .regex(/^[\x21-\x7e]+$/, "validation.idempotentId.characters")
      // An id that cannot be read back could never have a lost answer settled: refuse it.
      .refine((id) => pathIdProblem(id, LIMITS.idempotentId) === undefined, "validation.idempotentId.path"),
    value_cents: z
      .number({ error: "validation.amount.required" })
      .int("validation.amount.wholeCents")
      .positive("validation.amount.positive")
      .max(MAX_TRANSFER_CENTS, "validation.amount.max"),
    initiation_type: initiationTypeSchema.default("dict"),
    receiver_name: z
      .string({ error: "validation.receiverName.required" })
      .trim()
      .min(1, "validation.receiverName.required")
      .max(LIMITS.name, "validation.receiverName.tooLong")
      .refine(isPlainText, "validation.text.notPlain"),
    receiver_document: z
      .string({ error: "validation.document.required" })
      .transform((v) => v.replace(/[.\-/\s]/g, "").toUpperCase())
      .refine((v) => v !== "", "validation.document.required")
      .refine((v) => v === "" || isValidDocument(v), "validation.document.invalid"),
    receiver_bank_ispb: z.string().trim().optional(),
    receiver_agency: z.string().trim().optional(),
    receiver_account: z.string().trim().optional(),
    receiver_account_type: accountTypeCodeSchema.optional().or(z.literal("").transform(() => undefined)),
    pix_key_type: pixKeyTypeSchema.optional().or(z.literal("").transform(() => undefined)),
    pix_key: z.string().max(LIMITS.idempotentId, "validation.pixKey.tooLong").optional(),
  });

type TransferFields = z.output<typeof transferFieldsObject>;

/** The fields of a transfer that say where the money goes (a saved receiver keeps the same). */
type DestinationFields = Pick<
  TransferFields,
  "initiation_type" | "receiver_bank_ispb" | "receiver_agency" | "receiver_account" | "receiver_account_type" | "pix_key_type" | "pix_key"
>;

/** The cross-field rules of a transfer (the way chosen decides which fields it needs). */
export function checkTransferFields(b: DestinationFields, ctx: z.RefinementCtx): void {
  const issue = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
  if (b.initiation_type === "manual") {
    if (!b.receiver_bank_ispb) issue("receiver_bank_ispb", "validation.ispb.required");
    else if (!/^\d{8}$/.test(b.receiver_bank_ispb)) issue("receiver_bank_ispb", "validation.ispb.format");
    if (!b.receiver_agency) issue("receiver_agency", "validation.agency.required");
    else if (!/^\d{1,4}$/.test(b.receiver_agency)) issue("receiver_agency", "validation.agency.format");
    if (!b.receiver_account) issue("receiver_account", "validation.account.required");
    else if (!/^\d{1,20}$/.test(b.receiver_account)) issue("receiver_account", "validation.account.format");
    if (!b.receiver_account_type) issue("receiver_account_type", "validation.accountType.required");
    return;
  }
  if (!b.pix_key_type) {
    issue("pix_key_type", "validation.pixKeyType.required");
    return;
  }
  const error = pixKeyError(b.pix_key_type, b.pix_key ?? "");
  if (error) issue("pix_key", error);
}

/** Only the chosen way's fields travel: a key transfer carries no bank data and back. */
export function toProviderBody(b: TransferFields) {
  const manual = b.initiation_type === "manual";
  return {
    idempotent_id: b.idempotent_id,
    value_cents: b.value_cents,
    initiation_type: b.initiation_type,
    receiver_name: b.receiver_name,
    receiver_document: b.receiver_document,
    receiver_bank_ispb: manual ? b.receiver_bank_ispb : undefined,
    receiver_agency: manual ? b.receiver_agency : undefined,
    receiver_account: manual ? b.receiver_account : undefined,
    receiver_account_type: manual ? b.receiver_account_type : undefined,
    pix_key_type: manual ? undefined : b.pix_key_type,
    pix_key: manual ? undefined : b.pix_key_type && b.pix_key ? normalizePixKey(b.pix_key_type, b.pix_key) : b.pix_key,
  };
}

export const registerTransferSchema = transferFieldsObject.superRefine(checkTransferFields).transform(toProviderBody);
export type RegisterTransfer = z.output<typeof registerTransferSchema>;
export type RegisterTransferInput = z.input<typeof registerTransferSchema>;
