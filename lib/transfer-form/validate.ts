import type { RegisterTransfer } from "@/lib/contract";
import { transferInputSchema } from "@/lib/transfers/input";
import type { RegisterFormField, RegisterFormValues } from "./form-values";
import { toPayableBody, toRequestBody, type PayableBody } from "./to-request-body";

/** Field -> message key (messages/<locale>/validation.json, formats.json): the form translates it. */
export type RegisterFormErrors = Partial<Record<RegisterFormField | "root", string>>;

/** What the form sends: the transfer as the provider will get it, and what is ours beside it. */
export type TransferDraft = { transfer: RegisterTransfer; payable: PayableBody };

type RegisterFormCheck =
  | { ok: true; transfer: RegisterTransfer; payable: PayableBody }
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
  "scheduled_for",
  "description",
  "cost_centre_id",
]);

/** Body fields shown on another form field: a saved receiver's refusal sits on the name it filled. */
const SHOWN_ON: Record<string, RegisterFormField> = {
  value_cents: "amount",
  receiver_id: "receiver_name",
  "recurrence.every": "repeat",
  "recurrence.count": "repeat_count",
  "recurrence.until": "repeat_until",
  recurrence: "repeat",
};

/** A request-body field name (from the schema or the server's `fields`, "recurrence.count") -> the form field showing it. */
export function formFieldFor(bodyField: string): RegisterFormField | "root" {
  return SHOWN_ON[bodyField] ?? (FORM_FIELDS.has(bodyField) ? (bodyField as RegisterFormField) : "root");
}

/**
 * Validates the form with THE schema of POST /api/transfers (the server parses the same body
 * with the same schema): the transfer's rules (registration schema) and the schedule's. On
 * success `transfer` is exactly what will be sent to the provider (amount in cents, key
 * normalised, document without punctuation) and `payable` what travels beside it. Errors are
 * message keys.
 */
export function validateRegisterForm(values: RegisterFormValues): RegisterFormCheck {
  const { body, amount } = toRequestBody(values);
  const payable = toPayableBody(values);
  const result = transferInputSchema.safeParse({ ...body, ...payable });
  const errors: RegisterFormErrors = {};
  // An unreadable amount says why (formats.amount.problems.*) rather than "more than R$ 0,00".
  if (amount.problem) errors.amount = `formats.amount.problems.${amount.problem}`;
  // A day still being typed is never "now": the field says what is missing.
  if (values.scheduled_for_problem) errors.scheduled_for = `formats.date.problems.${values.scheduled_for_problem}`;
  if (values.repeat && values.repeat_end === "until" && values.repeat_until_problem) {
    errors.repeat_until = `formats.date.problems.${values.repeat_until_problem}`;
  }
  // A count is whole occurrences: "2,5" is not left out for the schema to ask "how many?".
  if (values.repeat && values.repeat_end === "count" && values.repeat_count.trim() && !/^\d+$/.test(values.repeat_count.trim())) {
    errors.repeat_count = "validation.schedule.count";
  }
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.map(String);
      let field = formFieldFor(path.join(".")) !== "root" ? formFieldFor(path.join(".")) : formFieldFor(path[0] ?? "");
      // "How many times or until when": asked where the person chose to answer it.
      if (field === "repeat_count" && values.repeat_end === "until") field = "repeat_until";
      errors[field] ??= issue.message.startsWith("validation.") ? issue.message : "errors.validation";
    }
  }
  if (result.success && Object.keys(errors).length === 0) return { ok: true, transfer: result.data.transfer, payable };
  return { ok: false, errors };
}
