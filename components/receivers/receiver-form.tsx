"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { BankCombobox } from "@/components/transfer-form/bank-combobox";
import { FormField, useFieldError } from "@/components/transfer-form/form-field";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";
import { Input, Select } from "@/components/ui/input";
import { MaskedInput } from "@/components/ui/masked-input";
import { ACCOUNT_TYPE_CODES, INITIATION_TYPES, PIX_KEY_TYPES, type InitiationType } from "@/lib/contract/enums";
import { formatDocument } from "@/lib/pix/document";
import { maskDocument } from "@/lib/pix/masks";
import { formatPhone } from "@/lib/pix/phone";
import { compactDigits } from "@/lib/transfer-form/to-request-body";
import { NICKNAME_MAX, receiverInputSchema, type ReceiverInput } from "@/lib/receivers/schema";
import type { SavedReceiver } from "@/lib/receivers/types";
import { cn } from "@/lib/utils";
import { issuesToFields } from "@/lib/domain/zod-fields";

type Values = {
  nickname: string;
  receiver_name: string;
  receiver_document: string;
  initiation_type: InitiationType;
  pix_key_type: string;
  pix_key: string;
  receiver_bank_ispb: string;
  receiver_agency: string;
  receiver_account: string;
  receiver_account_type: string;
};

function valuesOf(r: SavedReceiver | null): Values {
  const key = r?.pix_key ?? "";
  return {
    nickname: r?.nickname ?? "",
    receiver_name: r?.receiver_name ?? "",
    receiver_document: r ? formatDocument(r.receiver_document) : "",
    initiation_type: r?.initiation_type ?? "dict",
    pix_key_type: r?.pix_key_type ?? "",
    pix_key: r?.pix_key_type === "phone" ? formatPhone(key) : key,
    receiver_bank_ispb: r?.bank?.ispb ?? "",
    receiver_agency: r?.bank?.agency ?? "",
    receiver_account: r?.bank?.account ?? "",
    receiver_account_type: r?.bank?.account_type ?? "",
  };
}

/** The body the API takes: only the chosen way's fields, digits compacted as the transfer form does. */
function bodyOf(v: Values): ReceiverInput {
  const common = { nickname: v.nickname, receiver_name: v.receiver_name, receiver_document: v.receiver_document, initiation_type: v.initiation_type };
  return v.initiation_type === "manual"
    ? {
        ...common,
        receiver_bank_ispb: compactDigits(v.receiver_bank_ispb),
        receiver_agency: compactDigits(v.receiver_agency),
        receiver_account: compactDigits(v.receiver_account),
        receiver_account_type: v.receiver_account_type as ReceiverInput["receiver_account_type"],
      }
    : { ...common, pix_key_type: v.pix_key_type as ReceiverInput["pix_key_type"], pix_key: v.pix_key };
}

/**
 * A saved receiver's fields, checked with the server's own schema (the transfer's rules) before it
 * is sent; the server's refusals (a nickname taken) land on their fields the same way.
 */
export function ReceiverForm({
  receiver,
  onSubmit,
  onCancel,
  busy,
  serverErrors,
}: {
  receiver: SavedReceiver | null;
  onSubmit: (body: ReceiverInput) => void;
  onCancel: () => void;
  busy: boolean;
  /** Field -> words from the server, already in the reader's language. */
  serverErrors: Record<string, string>;
}) {
  const t = useTranslations("receivers.form");
  const g = useTranslations("glossary");
  const [values, setValues] = useState(() => valuesOf(receiver));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const shown = { ...errors, ...serverErrors };
  const err = (field: keyof Values) => shown[field];

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(values);
    const parsed = receiverInputSchema.safeParse(body);
    if (!parsed.success) {
      return setErrors(issuesToFields(parsed.error.issues, { fallback: "nickname", by: "top" }));
    }
    setErrors({});
    onSubmit(body);
  }

  const manual = values.initiation_type === "manual";
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={receiver ? t("editTitle", { nickname: receiver.nickname }) : t("newTitle")} data-testid="receiver-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="receiver-nickname" label={g("nickname")} error={err("nickname")} hint={t("nicknameHint")}>
          {(c) => <Input {...c} value={values.nickname} maxLength={NICKNAME_MAX} onChange={(e) => set({ nickname: e.target.value })} autoComplete="off" />}
        </Field>
        <Field id="receiver-name" label={g("receiverName")} error={err("receiver_name")}>
          {(c) => <Input {...c} value={values.receiver_name} maxLength={200} onChange={(e) => set({ receiver_name: e.target.value })} autoComplete="off" />}
        </Field>
        <Field id="receiver-document" label={g("receiverDocument")} error={err("receiver_document")}>
          {(c) => <MaskedInput {...c} mask={maskDocument} value={values.receiver_document} onValueChange={(v) => set({ receiver_document: v })} autoComplete="off" spellCheck={false} />}
        </Field>
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-fg">{g("initiationType")}</legend>
          <div className="inline-flex w-fit rounded-lg border border-border bg-surface-muted p-1">
            {INITIATION_TYPES.map((mode) => (
              <label
                key={mode}
                className={cn(
                  "relative cursor-pointer rounded-md px-3 py-1 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus",
                  values.initiation_type === mode ? "bg-surface text-fg shadow-sm" : "text-fg-muted",
                )}
              >
                <input
                  type="radio"
                  name="receiver-initiation"
                  value={mode}
                  checked={values.initiation_type === mode}
                  onChange={() => set({ initiation_type: mode })}
                  className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
                />
                {g(`initiation.${mode}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {manual ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="receiver-bank" label={`${g("bank")} (${g("ispb")})`} error={err("receiver_bank_ispb")} className="sm:col-span-2">
            {(c) => (
              <BankCombobox control={c} value={values.receiver_bank_ispb} onChange={(ispb) => set({ receiver_bank_ispb: ispb })} onBlur={() => undefined} />
            )}
          </Field>
          <Field id="receiver-agency" label={g("agency")} error={err("receiver_agency")}>
            {(c) => <Input {...c} value={values.receiver_agency} inputMode="numeric" onChange={(e) => set({ receiver_agency: e.target.value })} autoComplete="off" />}
          </Field>
          <Field id="receiver-account" label={g("account")} error={err("receiver_account")}>
            {(c) => <Input {...c} value={values.receiver_account} inputMode="numeric" onChange={(e) => set({ receiver_account: e.target.value })} autoComplete="off" />}
          </Field>
          <Field id="receiver-account-type" label={g("accountType")} error={err("receiver_account_type")}>
            {(c) => (
              <Select {...c} value={values.receiver_account_type} onChange={(e) => set({ receiver_account_type: e.target.value })}>
                <option value="">{t("choose")}</option>
                {ACCOUNT_TYPE_CODES.map((code) => (
                  <option key={code} value={code}>
                    {g(`accountTypes.${code}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <Field id="receiver-key-type" label={g("pixKeyType")} error={err("pix_key_type")}>
            {(c) => (
              <Select {...c} value={values.pix_key_type} onChange={(e) => set({ pix_key_type: e.target.value })}>
                <option value="">{t("choose")}</option>
                {PIX_KEY_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {g(`keyTypes.${k}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="receiver-key" label={g("pixKey")} error={err("pix_key")}>
            {(c) => <Input {...c} value={values.pix_key} onChange={(e) => set({ pix_key: e.target.value })} autoComplete="off" spellCheck={false} />}
          </Field>
        </div>
      )}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        <SubmitButton variant="primary" disabled={busy} aria-busy={busy}>
          {busy ? t("saving") : t("save")}
        </SubmitButton>
        <Button onClick={onCancel} disabled={busy}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** A labelled field whose error is a message key (from the schema) or the server's words. */
function Field(props: Parameters<typeof FormField>[0]) {
  return <FormField {...props} error={useFieldError(props.error)} />;
}
