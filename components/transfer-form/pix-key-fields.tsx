import { useTranslations } from "next-intl";
import { Input, Select } from "@/components/ui/input";
import { PIX_KEY_TYPES, type PixKeyType } from "@/lib/contract";
import { normalizePixKey, pixKeyError } from "@/lib/pix";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";

/** "By Pix key": the key type and the key, with the key shown as it will be sent. */
export function PixKeyFields({ form }: { form: RegisterForm }) {
  const t = useTranslations("register");
  const g = useTranslations("glossary");
  const { register, formState, watch } = form;
  const type = watch("pix_key_type");
  const key = watch("pix_key");
  const typeError = useFieldError(formState.errors.pix_key_type?.message);
  const keyError = useFieldError(formState.errors.pix_key?.message);
  const sentAs = type && key.trim() && !pixKeyError(type, key) ? normalizePixKey(type, key) : null;
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
      <FormField id="register-pix-key-type" label={g("pixKeyType")} error={typeError}>
        {(control) => (
          <Select {...control} {...register("pix_key_type")}>
            <option value="">{t("choose")}</option>
            {PIX_KEY_TYPES.map((k) => (
              <option key={k} value={k}>
                {g(`keyTypes.${k}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        id="register-pix-key"
        label={g("pixKey")}
        error={keyError}
        hint={sentAs && sentAs !== key ? t("keySentAs", { key: sentAs }) : keyHint(type, t)}
      >
        {(control) => (
          <Input
            {...control}
            {...register("pix_key")}
            autoComplete="off"
            spellCheck={false}
            inputMode={type === "email" ? "email" : type === "phone" ? "tel" : "text"}
            placeholder={type ? t(`placeholders.${type}`) : t("chooseTypeFirst")}
          />
        )}
      </FormField>
    </div>
  );
}

function keyHint(type: PixKeyType | "", t: ReturnType<typeof useTranslations<"register">>): string | undefined {
  if (type === "phone") return t("keyHints.phone");
  if (type === "cpf" || type === "cnpj") return t("keyHints.document");
  return undefined;
}
