import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { formatBRL } from "@/lib/pix";
import { readAmount } from "@/lib/register/to-request-body";
import { FormField } from "./form-field";

/** "Amount": typed the Brazilian way or plainly, read back as BRL under the field. */
export function AmountField({
  field,
  text,
  error,
}: {
  field: UseFormRegisterReturn<"amount">;
  text: string;
  error?: string;
}) {
  const reading = readAmount(text);
  const hint =
    reading.cents !== undefined ? (
      <span aria-live="polite">
        Will be sent as <strong className="font-semibold text-fg">{formatBRL(reading.cents)}</strong>
      </span>
    ) : (
      <span aria-live="polite">In reais, like 1.234,56 or 1234.56</span>
    );
  return (
    <FormField id="register-amount" label="Amount" error={error} hint={hint}>
      {(control) => (
        <div className="relative">
          <span aria-hidden className="pointer-events-none absolute inset-y-0 left-2.5 flex items-center text-sm text-fg-muted">
            R$
          </span>
          <Input {...control} {...field} inputMode="decimal" autoComplete="off" placeholder="0,00" iconStart className="tabular-nums" />
        </div>
      )}
    </FormField>
  );
}
