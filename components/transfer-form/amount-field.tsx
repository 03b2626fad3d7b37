import { useTranslations } from "next-intl";
import { Controller } from "react-hook-form";
import { AmountInput } from "@/components/ui/amount-input";
import { Label } from "@/components/ui/input";
import { formatBRL, stripDocument } from "@/lib/pix";
import { occurrenceDays } from "@/lib/transfer-form/schedule-view";
import { readAmount, toPayableBody } from "@/lib/transfer-form/to-request-body";
import { ApprovalNeedNote } from "./approval-need";
import { useFieldError } from "./form-field";
import type { RegisterForm } from "./form-types";

/** "Amount": typed the Brazilian way (1.234,56; 1234.56 too), read back as BRL under the field. */
export function AmountField({ form }: { form: RegisterForm }) {
  const t = useTranslations("register");
  const g = useTranslations("glossary");
  const error = useFieldError(form.formState.errors.amount?.message);
  const reading = readAmount(form.watch("amount"));
  // A series is approved as one decision, on its total.
  const days = occurrenceDays(toPayableBody(form.watch()));
  const values = form.watch();
  const destination = { ...values, receiver_document: stripDocument(values.receiver_document ?? "") };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="register-amount">{g("amount")}</Label>
      <Controller
        name="amount"
        control={form.control}
        render={({ field }) => (
          <AmountInput
            id="register-amount"
            name={field.name}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            error={error}
            autoComplete="off"
            aria-describedby="register-amount-hint"
          />
        )}
      />
      <p id="register-amount-hint" className="text-xs text-fg-muted" aria-live="polite">
        {reading.cents !== undefined && reading.cents > 0 ? (
          t("amountReads", { amount: formatBRL(reading.cents) })
        ) : (
          t("amountHint")
        )}
      </p>
      <ApprovalNeedNote
        valueCents={reading.cents === undefined ? undefined : reading.cents * Math.max(1, days.length)}
        destination={destination}
        testId="form-approvals"
        scheduled={days.length > 0}
      />
    </div>
  );
}
