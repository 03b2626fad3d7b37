import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { MaskedInput } from "@/components/ui/masked-input";
import { documentKind, formatDocument, isValidDocument, stripDocument } from "@/lib/pix";
import { maskDocument } from "@/lib/pix/masks";
import { AdvancedIdField } from "./advanced-id-field";
import { AmountField } from "./amount-field";
import { BankAccountFields } from "./bank-account-fields";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";
import { ModeTabs } from "./mode-tabs";
import { PixKeyFields } from "./pix-key-fields";

/**
 * The New transfer form's fields (presentational: the container owns the form, the sending and
 * the notices). Values of the way not chosen are kept but never sent.
 */
export function TransferFields({
  form,
  advancedOpen,
  onAdvancedOpenChange,
  children,
}: {
  form: RegisterForm;
  advancedOpen: boolean;
  onAdvancedOpenChange: (open: boolean) => void;
  children?: ReactNode;
}) {
  const t = useTranslations("register");
  const g = useTranslations("glossary");
  const { register, formState, watch } = form;
  const mode = watch("initiation_type");
  const document = watch("receiver_document");
  const idempotentId = watch("idempotent_id");
  const bare = stripDocument(document);
  const documentHint =
    bare && isValidDocument(bare)
      ? t("documentReads", { kind: documentKind(bare) === "cpf" ? "CPF" : "CNPJ", document: formatDocument(bare) })
      : t("documentHint");
  return (
    <div className="flex flex-col gap-5">
      <ModeTabs field={register("initiation_type")} value={mode} />
      <AmountField form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-receiver-name" label={g("receiverName")} error={useFieldError(formState.errors.receiver_name?.message)}>
          {(control) => <Input {...control} {...register("receiver_name")} autoComplete="off" maxLength={200} />}
        </FormField>
        <FormField
          id="register-receiver-document"
          label={g("receiverDocument")}
          error={useFieldError(formState.errors.receiver_document?.message)}
          hint={documentHint}
        >
          {(control) => (
            <Controller
              name="receiver_document"
              control={form.control}
              render={({ field }) => (
                <MaskedInput
                  {...control}
                  name={field.name}
                  mask={maskDocument}
                  value={field.value}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            />
          )}
        </FormField>
      </div>
      {mode === "manual" ? <BankAccountFields form={form} /> : <PixKeyFields form={form} />}
      <AdvancedIdField form={form} open={advancedOpen} onOpenChange={onAdvancedOpenChange} />
      <p className="text-xs text-fg-muted">
        {g("idempotentId")}{" "}
        <code className="break-all font-mono text-fg" data-testid="form-payment-id">
          {idempotentId}
        </code>
      </p>
      {children}
    </div>
  );
}
