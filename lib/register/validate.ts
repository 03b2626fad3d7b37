import { registerTransferSchema, type RegisterTransfer } from "@/lib/contract";
import type { RegisterFormField, RegisterFormValues } from "./form-values";
import { toRequestBody } from "./to-request-body";

/** Field -> message key (messages/<locale>/validation.json, formats.json): the form translates it. */
export type RegisterFormErrors = Partial<Record<RegisterFormField | "root", string>>;

type RegisterFormCheck =
  | { ok: true; transfer: RegisterTransfer }
  | { ok: false; errors: RegisterFormErrors };

const FORM_FIELDS = new Set<string>([
  "initiation_type",
  "amount",
  "receiver_name",
  "receiver_document",
  "pix_key_type",
  "pix_key",
  "receiver_bank_ispb",
  "receiver_agency",
  "receiver_account",
  "receiver_account_type",
  "idempotent_id",
]);

/** A request-body field name (from the schema or the server's `fields`) -> the form field showing it. */
export function formFieldFor(bodyField: string): RegisterFormField | "root" {
  if (bodyField === "value_cents") return "amount";
  return FORM_FIELDS.has(bodyField) ? (bodyField as RegisterFormField) : "root";
}

/**
 * Validates the form with THE registration schema (the server parses the same body with the
 * same schema). On success `transfer` is exactly what will be sent: amount in cents, key
 * normalised (phone -> +55...), document without punctuation. Errors are message keys.
 */
export function validateRegisterForm(values: RegisterFormValues): RegisterFormCheck {
  const { body, amount } = toRequestBody(values);
  const result = registerTransferSchema.safeParse(body);
  const errors: RegisterFormErrors = {};
  // An unreadable amount says why (formats.amount.problems.*) rather than "more than R$ 0,00".
  if (amount.problem) errors.amount = `formats.amount.problems.${amount.problem}`;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = formFieldFor(String(issue.path[0] ?? ""));
      errors[field] ??= issue.message.startsWith("validation.") ? issue.message : "errors.validation";
    }
  }
  if (result.success && !amount.problem) return { ok: true, transfer: result.data };
  return { ok: false, errors };
}
