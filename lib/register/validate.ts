import { registerTransferSchema, type RegisterTransfer } from "@/lib/contract";
import type { RegisterFormField, RegisterFormValues } from "./form-values";
import { toRequestBody } from "./to-request-body";

export type RegisterFormErrors = Partial<Record<RegisterFormField | "root", string>>;

export type RegisterFormCheck =
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
  "authorized",
  "idempotent_id",
]);

/** A request-body field name (from the schema or the server's `fields`) -> the form field showing it. */
export function formFieldFor(bodyField: string): RegisterFormField | "root" {
  if (bodyField === "value_cents") return "amount";
  return FORM_FIELDS.has(bodyField) ? (bodyField as RegisterFormField) : "root";
}

/**
 * Words for the few wire-level rules whose messages name a field ("receiver_agency must be
 * digits only") or are zod's generic ones ("Too big: ..."): the form never shows field names.
 */
const FIELD_WORDS: Partial<Record<RegisterFormField, string>> = {
  receiver_bank_ispb: "Choose a bank from the list or type its 8-digit ISPB",
  receiver_agency: "The branch has 1 to 4 digits",
  receiver_account: "The account number has up to 20 digits, check digit included",
  receiver_account_type: "Choose the account type",
  pix_key_type: "Choose the key type",
  pix_key: "This key is too long",
  initiation_type: "Choose how to send: by Pix key or by bank account",
};

/**
 * A blank field is "missing", whatever rule caught it: the schema reads an empty document
 * as an invalid one ("check the digits"), which is not what a person needs to hear.
 */
const BLANK_WORDS: Partial<Record<RegisterFormField, string>> = {
  receiver_document: "Enter the receiver's CPF or CNPJ",
  receiver_name: "Enter the receiver's name",
};

const RAW_MESSAGE = /\b[a-z]+_[a-z_]+\b|^(Too big|Too small|Invalid)/;

/** The message a person sees for a schema issue on `field`. */
export function humanizeMessage(field: RegisterFormField | "root", message: string): string {
  if (!RAW_MESSAGE.test(message)) return message;
  if (field === "root") return "Some of the data is not valid. Check the fields and try again.";
  return FIELD_WORDS[field] ?? `Check the ${field.replace(/_/g, " ")}`;
}

/**
 * Validates the form with THE registration schema (the server parses the same body with the
 * same schema). On success `transfer` is exactly what will be sent: amount in cents, key
 * normalised (phone -> +55...), document without punctuation.
 */
export function validateRegisterForm(values: RegisterFormValues): RegisterFormCheck {
  const { body, amount } = toRequestBody(values);
  const result = registerTransferSchema.safeParse(body);
  const errors: RegisterFormErrors = {};
  if (amount.error) errors.amount = amount.error;
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = formFieldFor(String(issue.path[0] ?? ""));
      if (errors[field]) continue; // first message per field; an unreadable amount wins over "more than 0"
      errors[field] = (isBlank(values, field) && field !== "root" && BLANK_WORDS[field]) || humanizeMessage(field, issue.message);
    }
  }
  if (result.success && !amount.error) return { ok: true, transfer: result.data };
  return { ok: false, errors };
}

function isBlank(values: RegisterFormValues, field: RegisterFormField | "root"): boolean {
  if (field === "root") return false;
  const typed = values[field];
  return typeof typed === "string" && typed.trim() === "";
}
