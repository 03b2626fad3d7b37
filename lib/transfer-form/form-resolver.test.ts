import type { ResolverOptions } from "react-hook-form";
import { expect, it } from "vitest";
import { registerFormResolver } from "./form-resolver";
import { emptyRegisterForm, type RegisterFormValues } from "./form-values";

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<RegisterFormValues>;

it("hands the submit handler the transfer as it will be sent, and what travels beside it", async () => {
  const values = { ...emptyRegisterForm("id-1"), amount: "1.234,56", receiver_name: "Ana", receiver_document: "111.444.777-35", pix_key_type: "phone" as const, pix_key: "(21) 99876-5432" };
  const result = await registerFormResolver(values, undefined, options);
  expect(result.errors).toEqual({});
  expect(result.values).toMatchObject({ transfer: { value_cents: 123_456, pix_key: "+5521998765432", receiver_document: "11144477735" }, payable: {} });
});

it("puts each message on its field for react-hook-form", async () => {
  const result = await registerFormResolver({ ...emptyRegisterForm("id-1"), amount: "1,2,3" }, undefined, options);
  expect(result.values).toEqual({});
  // Message keys: the form's fields translate them (components/transfer-form/form-field.tsx).
  expect(result.errors.amount).toEqual({ type: "validate", message: "formats.amount.problems.format" });
  expect(result.errors.pix_key_type?.message).toBe("validation.pixKeyType.required");
});
