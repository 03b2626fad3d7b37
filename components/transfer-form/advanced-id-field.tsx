import { ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";

/**
 * The payment id (idempotent_id) under an "Advanced" disclosure: generated per form, editable
 * for partners that use their own ids. Opened by the container when the id has an error.
 */
export function AdvancedIdField({
  form,
  open,
  onOpenChange,
}: {
  form: RegisterForm;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("register");
  const g = useTranslations("glossary");
  const error = useFieldError(form.formState.errors.idempotent_id?.message);
  return (
    <details
      open={open}
      onToggle={(e) => onOpenChange(e.currentTarget.open)}
      className="group rounded-md border border-border"
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 text-sm font-medium text-fg [&::-webkit-details-marker]:hidden">
        <ChevronRight aria-hidden className="h-4 w-4 transition-transform group-open:rotate-90" />
        {t("advanced")}
      </summary>
      <div className="border-t border-border px-3 py-3">
        <FormField
          id="register-idempotent-id"
          label={g("idempotentId")}
          error={error}
          hint={t("idHint")}
        >
          {(control) => (
            <Input {...control} {...form.register("idempotent_id")} autoComplete="off" spellCheck={false} className="font-mono" />
          )}
        </FormField>
      </div>
    </details>
  );
}
