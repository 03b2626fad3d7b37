import { Controller } from "react-hook-form";
import { Input, Select } from "@/components/ui/input";
import { ACCOUNT_TYPE_CODES } from "@/lib/contract";
import { findParticipant, isValidIspb } from "@/lib/pix";
import { ACCOUNT_TYPE_WORDS } from "@/lib/register/form-values";
import { BankCombobox } from "./bank-combobox";
import { FormField } from "./form-field";
import type { RegisterForm } from "./form-types";

/** "By bank account": bank (by name or ISPB), branch, account with check digit, account type. */
export function BankAccountFields({ form }: { form: RegisterForm }) {
  const { register, formState, control: formControl, watch } = form;
  const errors = formState.errors;
  const ispb = watch("receiver_bank_ispb");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="register-bank"
        label="Bank (ISPB)"
        error={errors.receiver_bank_ispb?.message}
        hint={bankHint(ispb)}
        className="sm:col-span-2"
      >
        {(control) => (
          <Controller
            name="receiver_bank_ispb"
            control={formControl}
            render={({ field }) => (
              <BankCombobox
                control={control}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            )}
          />
        )}
      </FormField>
      <FormField id="register-branch" label="Branch" error={errors.receiver_agency?.message} hint="1 to 4 digits, no check digit">
        {(control) => <Input {...control} {...register("receiver_agency")} inputMode="numeric" autoComplete="off" />}
      </FormField>
      <FormField id="register-account" label="Account" error={errors.receiver_account?.message} hint="With its check digit, like 12345-6">
        {(control) => <Input {...control} {...register("receiver_account")} inputMode="numeric" autoComplete="off" />}
      </FormField>
      <FormField id="register-account-type" label="Account type" error={errors.receiver_account_type?.message}>
        {(control) => (
          <Select {...control} {...register("receiver_account_type")}>
            <option value="">Choose…</option>
            {ACCOUNT_TYPE_CODES.map((code) => (
              <option key={code} value={code}>
                {ACCOUNT_TYPE_WORDS[code]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
    </div>
  );
}

function bankHint(ispb: string): string {
  if (!isValidIspb(ispb)) return "Search by name or ISPB; any 8-digit ISPB may be typed";
  const participant = findParticipant(ispb);
  return participant
    ? `${participant.name}, ISPB ${participant.ispb}`
    : `ISPB ${ispb} is not in our list of participants: check it before sending`;
}
