import { useTranslations } from "next-intl";
import { Controller } from "react-hook-form";
import { Input, Select } from "@/components/ui/input";
import { ACCOUNT_TYPE_CODES } from "@/lib/contract";
import { findParticipant, isValidIspb } from "@/lib/pix";
import { BankCombobox } from "./bank-combobox";
import { FormField, useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";

/** "By bank account": bank (by name or ISPB), branch, account with check digit, account type. */
export function BankAccountFields({ form }: { form: RegisterForm }) {
  const t = useTranslations("register");
  const g = useTranslations("glossary");
  const { register, formState, control: formControl, watch } = form;
  const errors = formState.errors;
  const ispb = watch("receiver_bank_ispb");
  const participant = isValidIspb(ispb) ? findParticipant(ispb) : undefined;
  const bankHint = !isValidIspb(ispb)
    ? t("bankHint")
    : participant
      ? t("bankFound", { name: participant.name, ispb: participant.ispb })
      : t("bankUnknown", { ispb });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="register-bank"
        label={`${g("bank")} (${g("ispb")})`}
        error={useFieldError(errors.receiver_bank_ispb?.message)}
        hint={bankHint}
        className="sm:col-span-2"
      >
        {(control) => (
          <Controller
            name="receiver_bank_ispb"
            control={formControl}
            render={({ field }) => (
              <BankCombobox control={control} value={field.value} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} />
            )}
          />
        )}
      </FormField>
      <FormField id="register-branch" label={g("agency")} error={useFieldError(errors.receiver_agency?.message)} hint={t("agencyHint")}>
        {(control) => <Input {...control} {...register("receiver_agency")} inputMode="numeric" autoComplete="off" />}
      </FormField>
      <FormField id="register-account" label={g("account")} error={useFieldError(errors.receiver_account?.message)} hint={t("accountHint")}>
        {(control) => <Input {...control} {...register("receiver_account")} inputMode="numeric" autoComplete="off" />}
      </FormField>
      <FormField id="register-account-type" label={g("accountType")} error={useFieldError(errors.receiver_account_type?.message)}>
        {(control) => (
          <Select {...control} {...register("receiver_account_type")}>
            <option value="">{t("choose")}</option>
            {ACCOUNT_TYPE_CODES.map((code) => (
              <option key={code} value={code}>
                {g(`accountTypes.${code}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </div>
  );
}
