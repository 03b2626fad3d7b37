import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Controller } from "react-hook-form";
import { MaskedInput } from "@/components/ui/masked-input";
import { documentKind, formatDocument, isValidDocument, stripDocument } from "@/lib/pix";
import { maskDocument } from "@/lib/pix/masks";
import { AdvancedIdField } from "./advanced-id-field";
import { AmountField } from "./amount-field";
import { BankAccountFields } from "./bank-account-fields";
import { BrCodeFields } from "./brcode-fields";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";
import { ModeTabs, type EntryMode } from "./mode-tabs";
import { PayableFields } from "./payable-fields";
import { PixKeyFields } from "./pix-key-fields";
import { ReceiverNameField } from "./receiver-name-field";
import { ScheduleFields } from "./schedule-fields";

/**
 * The New transfer form's fields (presentational: the container owns the form, the sending and
 * the notices): the receiver (or a saved one), how it is paid, what it pays and its cost centre,
 * and when it goes out. Values of the way not chosen are kept but never sent.
 */
export function TransferFields({
  form,
  advancedOpen,
  onAdvancedOpenChange,
  sendTime,
  children,
}: {
  form: RegisterForm;
  advancedOpen: boolean;
  onAdvancedOpenChange: (open: boolean) => void;
  /** When scheduled transfers go out on their day (SCHEDULE_SEND_TIME, Brazil time). */
  sendTime: string;
  children?: ReactNode;
}) {
  const t = useTranslations("register");
  const g = useTranslations("glossary");
  const { formState, watch, setValue } = form;
  const mode = watch("initiation_type");
  // A pasted Pix Copia e Cola is paid as a key transfer: the tab is ours, the body says "dict".
  const [pasting, setPasting] = useState(false);
  const entry: EntryMode = pasting && mode === "dict" ? "brcode" : mode;
  function chooseEntry(next: EntryMode) {
    setPasting(next === "brcode");
    setValue("initiation_type", next === "brcode" ? "dict" : next, { shouldDirty: true });
  }
  const document = watch("receiver_document");
  const idempotentId = watch("idempotent_id");
  const bare = stripDocument(document);
  const documentHint =
    bare && isValidDocument(bare)
      ? t("documentReads", { kind: documentKind(bare) === "cpf" ? "CPF" : "CNPJ", document: formatDocument(bare) })
      : t("documentHint");
  return (
    <div className="flex flex-col gap-5">
      <ModeTabs value={entry} onChange={chooseEntry} />
      {entry === "brcode" ? <BrCodeFields form={form} /> : null}
      <AmountField form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ReceiverNameField form={form} />
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
      <div className="flex flex-col gap-4 border-t border-border pt-4">
        <PayableFields form={form} />
        <ScheduleFields form={form} sendTime={sendTime} />
      </div>
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
