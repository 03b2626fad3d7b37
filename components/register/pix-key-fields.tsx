import { Input, Select } from "@/components/ui/input";
import { PIX_KEY_TYPES, type PixKeyType } from "@/lib/contract";
import { normalizePixKey, pixKeyError } from "@/lib/pix";
import { PIX_KEY_PLACEHOLDERS, PIX_KEY_TYPE_WORDS } from "@/lib/register/form-values";
import { FormField } from "./form-field";
import type { RegisterForm } from "./form-types";

/** "By Pix key": the key type and the key, with the key shown as it will be sent. */
export function PixKeyFields({ form }: { form: RegisterForm }) {
  const { register, formState, watch } = form;
  const type = watch("pix_key_type");
  const key = watch("pix_key");
  const errors = formState.errors;
  const sentAs = type && key.trim() && !pixKeyError(type, key) ? normalizePixKey(type, key) : null;
  return (
    <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
      <FormField id="register-pix-key-type" label="Pix key type" error={errors.pix_key_type?.message}>
        {(control) => (
          <Select {...control} {...register("pix_key_type")}>
            <option value="">Choose…</option>
            {PIX_KEY_TYPES.map((t) => (
              <option key={t} value={t}>
                {PIX_KEY_TYPE_WORDS[t]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        id="register-pix-key"
        label="Pix key"
        error={errors.pix_key?.message}
        hint={sentAs && sentAs !== key ? <>Will be sent as <code className="font-mono text-fg">{sentAs}</code></> : keyHint(type)}
      >
        {(control) => (
          <Input
            {...control}
            {...register("pix_key")}
            autoComplete="off"
            spellCheck={false}
            inputMode={type === "email" ? "email" : type === "phone" ? "tel" : "text"}
            placeholder={type ? PIX_KEY_PLACEHOLDERS[type] : "Choose the key type first"}
          />
        )}
      </FormField>
    </div>
  );
}

function keyHint(type: PixKeyType | ""): string | undefined {
  if (type === "phone") return "With area code; +55 is added when missing";
  if (type === "cpf" || type === "cnpj") return "With or without punctuation";
  return undefined;
}
