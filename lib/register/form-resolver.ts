import type { FieldErrors, Resolver } from "react-hook-form";
import type { RegisterTransfer } from "@/lib/contract";
import type { RegisterFormValues } from "./form-values";
import { validateRegisterForm } from "./validate";

/**
 * react-hook-form resolver over `validateRegisterForm`: on success the form's submit handler
 * receives the parsed transfer (exactly what will be sent), otherwise each message sits on
 * its field.
 */
export const registerFormResolver: Resolver<RegisterFormValues, unknown, RegisterTransfer> = (values) => {
  const check = validateRegisterForm(values);
  if (check.ok) return { values: check.transfer, errors: {} };
  const errors: FieldErrors<RegisterFormValues> = {};
  for (const [field, message] of Object.entries(check.errors)) {
    (errors as Record<string, { type: string; message: string }>)[field] = { type: "validate", message };
  }
  return { values: {}, errors };
};
