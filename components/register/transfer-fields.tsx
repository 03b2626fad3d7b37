import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { documentKind, formatDocument, isValidDocument, stripDocument } from "@/lib/pix";
import { AdvancedIdField } from "./advanced-id-field";
import { AmountField } from "./amount-field";
import { BankAccountFields } from "./bank-account-fields";
import { FormField } from "./form-field";
import type { RegisterForm } from "./form-types";
import { ModeTabs } from "./mode-tabs";
import { PixKeyFields } from "./pix-key-fields";

/**
 * The register form's fields (presentational: the container owns the form, the sending and
 * the notices). Values of the mode not shown are kept but never sent.
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
  const { register, formState, watch } = form;
  const errors = formState.errors;
  const mode = watch("initiation_type");
  const document = watch("receiver_document");
  const idempotentId = watch("idempotent_id");
  return (
    <div className="flex flex-col gap-5">
      <ModeTabs field={register("initiation_type")} value={mode} />
      <AmountField field={register("amount")} text={watch("amount")} error={errors.amount?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-receiver-name" label="Receiver name" error={errors.receiver_name?.message}>
          {(control) => <Input {...control} {...register("receiver_name")} autoComplete="off" maxLength={200} />}
        </FormField>
        <FormField
          id="register-receiver-document"
          label="Receiver document"
          error={errors.receiver_document?.message}
          hint={documentHint(document)}
        >
          {(control) => <Input {...control} {...register("receiver_document")} autoComplete="off" spellCheck={false} />}
        </FormField>
      </div>
      {mode === "manual" ? <BankAccountFields form={form} /> : <PixKeyFields form={form} />}
      <div className="flex items-start gap-2.5">
        <input
          id="register-authorized"
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          aria-describedby="register-authorized-hint"
          {...register("authorized")}
        />
        <div className="flex flex-col gap-0.5">
          <label htmlFor="register-authorized" className="text-sm font-medium text-fg">
            Authorize now
          </label>
          <p id="register-authorized-hint" className="text-xs text-fg-muted">
            Ticked, the money is sent right away. Unticked, the transfer waits for authorization.
          </p>
        </div>
      </div>
      <AdvancedIdField form={form} open={advancedOpen} onOpenChange={onAdvancedOpenChange} />
      <p className="text-xs text-fg-muted">
        Payment id{" "}
        <code className="break-all font-mono text-fg" data-testid="form-payment-id">
          {idempotentId}
        </code>
      </p>
      {children}
    </div>
  );
}

function documentHint(text: string): string {
  const bare = stripDocument(text);
  if (bare && isValidDocument(bare)) return `${documentKind(bare) === "cpf" ? "CPF" : "CNPJ"} ${formatDocument(bare)}`;
  return "CPF (11 digits) or CNPJ (14 characters), with or without punctuation";
}
