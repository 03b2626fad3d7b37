import type { FieldErrors, Resolver } from "react-hook-form";
import type { RegisterFormValues } from "./form-values";
import { validateRegisterForm, type TransferDraft } from "./validate";

/**
 * react-hook-form resolver over `validateRegisterForm`: on success the form's submit handler
 * receives the parsed draft (exactly what will be sent), otherwise each message sits on its field.
 */
export const registerFormResolver: Resolver<RegisterFormValues, unknown, TransferDraft> = (values) => {
  const check = validateRegisterForm(values);
  if (check.ok) return { values: { transfer: check.transfer, payable: check.payable }, errors: {} };
  const errors: FieldErrors<RegisterFormValues> = {};
  for (const [field, message] of Object.entries(check.errors)) {
    (errors as Record<string, { type: string; message: string }>)[field] = { type: "validate", message };
  }
  return { values: {} as Record<string, never>, errors };
};
