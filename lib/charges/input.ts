import "@/lib/zod-config";
import { z } from "zod";
import { LIMITS } from "@/lib/contract/limits";
import { pathIdProblem } from "@/lib/domain/ids";
import { isValidDocument, stripDocument } from "@/lib/pix/document";
import { isPlainText } from "@/lib/pix/text";
import { dueDateProblem } from "./due-date";
import { CHARGE_KINDS } from "./states";

/** The largest charge: R$ 1.000.000,00 (the same ceiling as one transfer). */
export const MAX_CHARGE_CENTS = 100_000_000;
/** A charge's own words, shown to the payer. */
export const CHARGE_DESCRIPTION_MAX = 140;
const EMAIL_MAX = 254;

/**
 * Body of POST /api/charges (the form, the API, a company's ERP) and of each row of an import.
 * Client-safe: the form parses the same. `external_reference` is our invoice number: the same
 * one twice answers the charge already made.
 */
export const chargeInputSchema = z
  .object({
    external_reference: z
      .string({ error: "validation.charge.referenceRequired" })
      .trim()
      .min(1, "validation.charge.referenceRequired")
      .max(LIMITS.externalReference, "validation.charge.referenceTooLong")
      .regex(/^[\x21-\x7e]+$/, "validation.charge.referenceCharacters")
      // It names the charge in our URLs and the provider's: nothing a path would read differently.
      .refine((ref) => pathIdProblem(ref, LIMITS.externalReference) === undefined, "validation.charge.referenceCharacters"),
    kind: z.enum(CHARGE_KINDS, { error: "validation.charge.kind" }).default("qrcode"),
    value_cents: z
      .number({ error: "validation.amount.required" })
      .int("validation.amount.wholeCents")
      .positive("validation.amount.positive")
      .max(MAX_CHARGE_CENTS, "validation.charge.amountMax"),
    payer_name: z
      .string({ error: "validation.charge.payerNameRequired" })
      .trim()
      .min(1, "validation.charge.payerNameRequired")
      .max(LIMITS.name, "validation.charge.payerNameTooLong")
      .refine(isPlainText, "validation.text.notPlain"),
    payer_document: z
      .string({ error: "validation.charge.payerDocumentRequired" })
      .transform(stripDocument)
      .refine((v) => v !== "", "validation.charge.payerDocumentRequired")
      .refine((v) => v === "" || isValidDocument(v), "validation.document.invalid"),
    payer_email: z
      .string()
      .trim()
      .max(EMAIL_MAX, "validation.charge.payerEmail")
      .pipe(z.union([z.literal(""), z.email("validation.charge.payerEmail")]))
      .optional(),
    description: z.string().trim().max(CHARGE_DESCRIPTION_MAX, "validation.description.tooLong").refine(isPlainText, "validation.text.notPlain").optional(),
    due_date: z.string({ error: "validation.charge.dueNotADay" }).trim(),
  })
  .superRefine((b, ctx) => {
    const problem = dueDateProblem(b.due_date, new Date());
    if (problem) ctx.addIssue({ code: "custom", path: ["due_date"], message: problem });
  })
  .transform((b) => ({
    externalReference: b.external_reference,
    kind: b.kind,
    valueCents: b.value_cents,
    payerName: b.payer_name,
    payerDocument: b.payer_document,
    payerEmail: b.payer_email ? b.payer_email.toLowerCase() : null,
    description: b.description ? b.description : null,
    dueDate: b.due_date,
  }));
export type ChargeInput = z.output<typeof chargeInputSchema>;
